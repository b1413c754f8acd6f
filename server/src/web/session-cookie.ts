import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The session cookie's name and scope by scheme. Under HTTPS the `__Host-` prefix makes the
 * browser refuse the cookie unless it is Secure, host-only and Path=/: another host of the domain
 * (or a plain-HTTP page on it) cannot plant or shadow it. Plain HTTP (a loopback or LAN box
 * without TLS) cannot use that prefix, so the cookie is kept to /app at least.
 */
export function sessionCookie(request: FastifyRequest): { name: string; secure: boolean; path: string } {
  return request.protocol === 'https' ? { name: '__Host-studio_session', secure: true, path: '/' } : { name: 'studio_session', secure: false, path: '/app' };
}

export function sentSessionToken(request: FastifyRequest): string | undefined {
  const value = request.cookies[sessionCookie(request).name];
  return value === undefined || value === '' ? undefined : value;
}

/** HttpOnly: scripts (an injected one too) never read it; SameSite=Lax: another site's form posts do not carry it. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: string): void {
  const { name, secure, path } = sessionCookie(request);
  reply.setCookie(name, token, { httpOnly: true, sameSite: 'lax', secure, path, expires: new Date(expiresAt) });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  const { name, secure, path } = sessionCookie(request);
  reply.clearCookie(name, { httpOnly: true, sameSite: 'lax', secure, path });
}
