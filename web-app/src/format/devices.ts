import type { DeviceComponentHealth, DeviceContactState, DeviceView } from '@studio/shared/schemas/devices';
import type { TFunction } from 'i18next';

export type DevicesT = TFunction<'devices'>;

/** A state's colours and icon, never the only signal: the word beside them is the catalog's `state.<state>`. */
export const stateLook: Record<DeviceContactState, { icon: string; color: string; background: string }> = {
  online: { icon: '✓', color: '#14532d', background: '#dcfce7' },
  stale: { icon: '!', color: '#713f12', background: '#fef3c7' },
  lost: { icon: '✕', color: '#7f1d1d', background: '#fee2e2' },
};

/**
 * "45 s", "5 min", "3 h", "2 d" ("5 Min.", "3 Std." in German): a duration at a glance. */
export function durationWords(t: DevicesT, seconds: number): string {
  const words = (key: 'duration.seconds' | 'duration.minutes' | 'duration.hours' | 'duration.days', n: number) => t(key, { n });
  if (seconds < 60) return words('duration.seconds', Math.round(seconds));
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return words('duration.minutes', minutes);
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return words('duration.hours', hours);
  return words('duration.days', Math.floor(hours / 24));
}

/**
 * The eligibility cache's age now against what the agent allows before it refuses offline scans: its
 * age at the last report plus the silence since (an agent that went quiet has not synced since).
 */
export function cacheWords(t: DevicesT, cache: DeviceView['cache'], silentS = 0): string {
  const allowed = durationWords(t, cache.max_age_s);
  if (cache.age_s === null) return t('cache.never', { allowed });
  const age = cache.age_s + silentS;
  return t(age > cache.max_age_s ? 'cache.too_old' : 'cache.age', { age: durationWords(t, age), allowed });
}

export function backlogWords(t: DevicesT, outbox: DeviceView['outbox']): string {
  const parts = [outbox.pending === 0 ? t('backlog.nothing') : t('backlog.pending', { count: outbox.pending })];
  if (outbox.rejected > 0) parts.push(t('backlog.rejected', { count: outbox.rejected }));
  return parts.join(', ');
}

/**
 * "Reader gate-reader: ok", "Relay turnstile: down (ENOENT)": the agent's hint or error stays as it
 * wrote it. `id` stands in for the component's id where the page puts it in as an element.
 */
export function componentWords(t: DevicesT, device: DeviceComponentHealth, id: string = device.id): string {
  const component = t('component', { kind: device.kind, id, state: device.state });
  return device.state === 'ok' ? component : t('component.detail', { component, detail: device.hint ?? device.last_error ?? t('component.no_detail') });
}

/** The lost agents first, then by device id: what needs a look comes first. */
export function byAttention(devices: readonly DeviceView[]): DeviceView[] {
  const rank: Record<DeviceContactState, number> = { lost: 0, stale: 1, online: 2 };
  return [...devices].sort((a, b) => rank[a.state] - rank[b.state] || a.device_id.localeCompare(b.device_id));
}
