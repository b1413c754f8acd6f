import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { webAuthContracts } from '@studio/shared/contracts/web-auth';
import type { StaffSessionView } from '@studio/shared/web-app';
import { call } from './call.ts';
import { ApiRequestError, http } from './http.ts';

export const sessionKey = ['session'] as const;

/** The signed-in staff member, or null when signed out (401): the app then shows the sign-in page. */
export async function fetchSession(): Promise<StaffSessionView | null> {
  try {
    const session = await call(webAuthContracts.webSession);
    http.setCsrfToken(session.csrf_token);
    return session;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) {
      http.setCsrfToken(null);
      return null;
    }
    throw error;
  }
}

export function useSession() {
  // Polled so an expired or ended session (and an unreachable server) shows within a minute.
  return useQuery({ queryKey: sessionKey, queryFn: fetchSession, staleTime: 60_000, refetchInterval: 60_000, retry: 1 });
}

/** A signed-in page: the shell renders pages only once the session is known. */
export function useSignedIn(): StaffSessionView {
  const { data } = useSession();
  if (!data) throw new Error('useSignedIn outside a signed-in page');
  return data;
}

/** Any 401 from any request means the session ended (expired, signed out elsewhere): back to sign-in. */
export function signedOut(client: QueryClient): void {
  http.setCsrfToken(null);
  client.setQueryData(sessionKey, null);
  client.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKey[0] });
}

export function useSignedOut() {
  const client = useQueryClient();
  return () => signedOut(client);
}

export function canOverride(session: StaffSessionView): boolean {
  return session.account.role === 'owner' || session.account.role === 'manager';
}

/** API keys and staff accounts are an owner's or a manager's (a manager's within its locations); the front desk sees neither. */
export function managesAccounts(session: StaffSessionView): boolean {
  return session.account.role === 'owner' || session.account.role === 'manager';
}
