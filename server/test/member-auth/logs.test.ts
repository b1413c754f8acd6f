import { Writable } from 'node:stream';
import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../../src/modules/staff-accounts/secrets.js';
import { memberCookieOf, memberStudio, type MemberStudio } from './member-studio.js';

/** Every line the server logs, down to trace. */
function memoryLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { log: pino({ level: 'trace' }, stream) as unknown as FastifyBaseLogger, lines };
}

describe.each(dialects)("members' app sign-in logs no code, link or token (%s)", (dialect) => {
  const suite = useFreshDatabase(dialect);
  const { log, lines } = memoryLog();
  let s: MemberStudio;
  beforeAll(async () => {
    s = await memberStudio(suite.db, { logger: log });
  });
  afterAll(() => s.app.close());

  it('logs requests, refusals and sign-ins without their code, link secret or session token', async () => {
    await s.requestCode('sam@example.com', 'south');
    const first = (await s.lastMessage(s.studio.sam))!.data;
    const wrong = first.code === '000000' ? '111111' : '000000';
    await s.sendMember({ method: 'POST', path: '/sign-in', body: { email: 'sam@example.com', code: wrong } });
    const byCode = await s.sendMember({ method: 'POST', path: '/sign-in', body: { email: 'sam@example.com', code: first.code } });
    expect(byCode.statusCode).toBe(200);
    await s.requestCode('sam@example.com', 'south');
    const second = (await s.lastMessage(s.studio.sam))!.data;
    const bySecret = await s.sendMember({ method: 'POST', path: '/sign-in', body: { link_secret: second.link.split('#')[1]! } });
    expect(bySecret.statusCode).toBe(200);
    const tokens = [byCode, bySecret].map((response) => /^studio_member=([^;]+)/.exec(memberCookieOf(response)!)![1]!);
    // A refused reuse and a signed-in request log too.
    await s.sendMember({ method: 'POST', path: '/sign-in', body: { email: 'sam@example.com', code: first.code } });
    await s.sendMember({ method: 'GET', path: '/me', headers: { cookie: `studio_member=${tokens[0]}` } });
    expect(lines.length).toBeGreaterThan(5);
    const secrets = [first.link.split('#')[1]!, second.link.split('#')[1]!, ...tokens, ...tokens.map(hashSecret)];
    // Six digits alone would match inside a timestamp or a request id by chance: a code counts as a word of its own.
    const codes = [first.code, second.code].map((code) => new RegExp(`(?<![0-9A-Za-z])${code}(?![0-9A-Za-z])`));
    const leaks = lines.flatMap((line) => [
      ...secrets.filter((secret) => line.includes(secret)).map((secret) => `${secret} in ${line.slice(0, 200)}`),
      ...codes.filter((code) => code.test(line)).map((code) => `${code.source} in ${line.slice(0, 200)}`),
    ]);
    expect(leaks).toEqual([]);
  });
});
