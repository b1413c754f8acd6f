import { useCallback, useSyncExternalStore } from 'react';
import type { SessionLocation, StaffSessionView } from '@studio/shared/web-app';

/** The chosen location is remembered per browser (a desk PC stays at its location). */
const storageKey = 'studio.location';
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return localStorage.getItem(storageKey);
  } catch {
    return null;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function chooseLocation(id: string): void {
  try {
    localStorage.setItem(storageKey, id);
  } catch {
    // Private mode or storage full: the choice lasts for this page only.
  }
  memory = id;
  for (const listener of listeners) listener();
}

let memory: string | null = null;

export function pickLocation(locations: readonly SessionLocation[], remembered: string | null): SessionLocation | null {
  return locations.find((location) => location.id === remembered) ?? locations[0] ?? null;
}

export function useLocation(session: StaffSessionView): [SessionLocation, (id: string) => void] {
  const remembered = useSyncExternalStore(subscribe, () => memory ?? read());
  const location = pickLocation(session.locations, remembered);
  const set = useCallback((id: string) => chooseLocation(id), []);
  if (!location) throw new Error('This account has no location');
  return [location, set];
}
