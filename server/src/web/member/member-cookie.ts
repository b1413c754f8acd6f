import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The member session cookie: its own name, kept to /m/, so the staff app never reads it and the
 * members' app never reads a staff cookie. Under HTTPS the `__Secure-` prefix makes the browser
 * refuse it unless Secure (`__Host-` would need Path=/).
 */
export function memberCookie(request: FastifyRequest): { name: string; secure: boolean; path: string } {
  return request.protocol === 'https' ? { name: '__Secure-studio_member', secure: true, path: '/m/' } : { name: 'studio_member', secure: false, path: '/m/' };
}

export function sentMemberToken(request: FastifyRequest): string | undefined {
  const value = request.cookies[memberCookie(request).name];
  return value === undefined || value === '' ? undefined : value;
}

/** HttpOnly (no script reads it), SameSite=Lax (another site's form posts do not carry it). */
export function setMemberCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: string): void {
  const { name, secure, path } = memberCookie(request);
  reply.setCookie(name, token, { httpOnly: true, sameSite: 'lax', secure, path, expires: new Date(expiresAt) });
}

export function clearMemberCookie(request: FastifyRequest, reply: FastifyReply): void {
  const { name, secure, path } = memberCookie(request);
  reply.clearCookie(name, { httpOnly: true, sameSite: 'lax', secure, path });
}
