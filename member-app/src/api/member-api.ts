/**
 * The one way the members' app talks to the server: same-origin fetch below /m/api with the member
 * cookie (HttpOnly, never read here), the session's CSRF token on every write, and the error
 * envelope turned into a MemberApiError whose code the screens put in words from the catalogs.
 */
import type { MemberSessionList, MemberView, SignInCodeSent } from '@studio/shared/schemas/member-auth';
import type { z } from 'zod';

export type Member = z.infer<typeof MemberView>;
export type MemberSession = z.infer<typeof MemberSessionList>['data'][number];

export class MemberApiError extends Error {
  constructor(
    readonly status: number,
    /** The envelope's `error.code`; `unreachable` when no envelope came back (offline, a proxy's page). */
    readonly code: string,
    readonly param: string | null,
  ) {
    super(code);
    this.name = 'MemberApiError';
  }
}

let csrfToken: string | null = null;

async function call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers['x-csrf-token'] = csrfToken;
  let response: Response;
  try {
    response = await fetch(`/m/api${path}`, { method, headers, credentials: 'same-origin', body: body === undefined ? null : JSON.stringify(body) });
  } catch {
    throw new MemberApiError(0, 'unreachable', null);
  }
  if (response.status === 204) return undefined as T;
  const json = (await response.json().catch(() => null)) as { error?: { code?: string; param?: string } } | null;
  if (!response.ok) {
    const error = json?.error;
    throw new MemberApiError(response.status, typeof error?.code === 'string' ? error.code : 'unreachable', typeof error?.param === 'string' ? error.param : null);
  }
  return json as T;
}

function remember(member: Member): Member {
  csrfToken = member.csrf_token;
  return member;
}

export const memberApi = {
  /** The signed-in member, or null when signed out. */
  async me(): Promise<Member | null> {
    try {
      return remember(await call<Member>('GET', '/me'));
    } catch (error) {
      if (error instanceof MemberApiError && error.status === 401) return null;
      throw error;
    }
  },
  requestCode: (email: string, location: string) => call<z.infer<typeof SignInCodeSent>>('POST', '/sign-in/code', { email, location }),
  signInWithCode: async (email: string, code: string) => remember(await call<Member>('POST', '/sign-in', { email, code })),
  signInWithLink: async (secret: string) => remember(await call<Member>('POST', '/sign-in', { link_secret: secret })),
  sessions: async () => (await call<z.infer<typeof MemberSessionList>>('GET', '/sessions')).data,
  endSession: (id: string) => call<void>('DELETE', `/sessions/${encodeURIComponent(id)}`),
  async signOut(): Promise<void> {
    await call<void>('POST', '/sign-out');
    csrfToken = null;
  },
};
