import { dialects } from '@studio/testkit/server/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedTables, databaseDigest } from '../helpers/database-digest.js';
import { envelopeProblems } from '../helpers/envelope.js';
import { exchangeAll } from './raw-http.js';
import { buildWorld, type World } from './world.js';

/**
 * Requests only a socket can send: what a client library would refuse to produce or would tidy up
 * (duplicated and malformed headers, raw bytes, dot segments, smuggling shapes, pipelining). Each
 * is a head (request line and headers, without the blank line) and an optional body.
 */
function cases(world: World): { name: string; head: string; body?: string | Buffer; responses?: number }[] {
  const key = world.keys.own;
  const { own } = world.targets;
  const auth = `Authorization: Bearer ${key}`;
  const contact = JSON.stringify({ first_name: 'Socket', location_id: own.location });
  const json = (body: string) => `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}`;
  const post = (extra: string, body = contact) => ({ head: `POST /v1/contacts HTTP/1.1\r\nHost: x\r\n${auth}\r\n${extra}`, body });
  return [
    { name: 'two Authorization headers, the second valid', head: `GET /v1/ping HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer nope\r\n${auth}` },
    { name: 'two Authorization headers, the first valid', head: `GET /v1/ping HTTP/1.1\r\nHost: x\r\n${auth}\r\nAuthorization: Basic eDp5` },
    { name: 'two Content-Type headers', ...post(`Content-Type: text/plain\r\n${json(contact)}`) },
    { name: 'two different Content-Length headers', ...post(`Content-Type: application/json\r\nContent-Length: 5\r\nContent-Length: ${contact.length}`) },
    { name: 'Content-Length and Transfer-Encoding (smuggling)', ...post(`${json(contact)}\r\nTransfer-Encoding: chunked`) },
    { name: 'chunked with a bad size', ...post('Content-Type: application/json\r\nTransfer-Encoding: chunked', 'zz\r\n{}\r\n0\r\n\r\n') },
    {
      name: 'chunked, well formed, with an extension and a trailer',
      ...post('Content-Type: application/json\r\nTransfer-Encoding: chunked', `${contact.length.toString(16)};ext=1\r\n${contact}\r\n0\r\nX-Trailer: t\r\n\r\n`),
    },
    {
      name: 'Content-Length shorter than the body (the rest is a second, bad request)',
      ...post(`Content-Type: application/json\r\nContent-Length: 2`, `{}GARBAGE /v1 HTTP/1.1\r\n\r\n`),
      responses: 2,
    },
    { name: 'two Idempotency-Key headers', ...post(`${json(contact)}\r\nIdempotency-Key: a\r\nIdempotency-Key: b`) },
    { name: 'Idempotency-Key of 300 characters', ...post(`${json(contact)}\r\nIdempotency-Key: ${'k'.repeat(300)}`) },
    {
      name: 'Idempotency-Key with raw Latin-1 bytes',
      head: '',
      body: Buffer.concat([Buffer.from(`POST /v1/contacts HTTP/1.1\r\nHost: x\r\n${auth}\r\n${json(contact)}\r\nIdempotency-Key: caf`), Buffer.from([0xe9, 0xff]), Buffer.from(`\r\n\r\n${contact}`)]),
    },
    { name: 'a NUL in a header value', head: `GET /v1/ping HTTP/1.1\r\nHost: x\r\n${auth}\r\nX-Odd: a\u0000b` },
    { name: 'a header name with a space', head: `GET /v1/ping HTTP/1.1\r\nHost: x\r\n${auth}\r\nBad Header: x` },
    { name: 'a header line without a colon', head: `GET /v1/ping HTTP/1.1\r\nHost: x\r\n${auth}\r\nNoColonHere` },
    { name: 'Authorization scheme in lower case', head: `GET /v1/ping HTTP/1.1\r\nHost: x\r\nAuthorization: bearer ${key}` },
    { name: 'a 10 kB Authorization header', head: `GET /v1/ping HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${'k'.repeat(10_000)}` },
    { name: 'HTTP/1.0 without Host', head: `GET /v1/ping HTTP/1.0\r\n${auth}` },
    { name: 'HTTP/2.0 in an HTTP/1 request line', head: `GET /v1/ping HTTP/2.0\r\nHost: x\r\n${auth}` },
    { name: 'HTTP/9.9', head: `GET /v1/ping HTTP/9.9\r\nHost: x\r\n${auth}` },
    { name: 'a lower-case method', head: `get /v1/ping HTTP/1.1\r\nHost: x\r\n${auth}` },
    { name: 'an unknown method', head: `BREW /v1/ping HTTP/1.1\r\nHost: x\r\n${auth}` },
    { name: 'a method the route lacks', head: `DELETE /v1/contacts/${own.contact} HTTP/1.1\r\nHost: x\r\n${auth}` },
    { name: 'HEAD of a GET route', head: `HEAD /v1/ping HTTP/1.1\r\nHost: x\r\n${auth}` },
    { name: 'OPTIONS', head: `OPTIONS /v1/contacts HTTP/1.1\r\nHost: x\r\n${auth}` },
    { name: 'an absolute-form URL', head: `GET http://example.com/v1/ping HTTP/1.1\r\nHost: x\r\n${auth}` },
    { name: 'a raw dot segment', head: `GET /v1/contacts/../ping HTTP/1.1\r\nHost: x\r\n${auth}` },
    { name: 'an encoded dot segment as an id', head: `GET /v1/contacts/%2e%2e/memberships HTTP/1.1\r\nHost: x\r\n${auth}` },
    { name: 'a double slash', head: `GET /v1//ping HTTP/1.1\r\nHost: x\r\n${auth}` },
    { name: 'upper-case path', head: `GET /V1/PING HTTP/1.1\r\nHost: x\r\n${auth}` },
    { name: 'a fragment', head: `GET /v1/ping#frag HTTP/1.1\r\nHost: x\r\n${auth}` },
    { name: 'raw UTF-8 bytes in the query', head: `GET /v1/contacts?search=Zoë HTTP/1.1\r\nHost: x\r\n${auth}` },
    { name: 'a space in the URL', head: `GET /v1/contacts?search=a b HTTP/1.1\r\nHost: x\r\n${auth}` },
    { name: 'a body on a GET', head: `GET /v1/ping HTTP/1.1\r\nHost: x\r\n${auth}\r\n${json('{"a":1}')}`, body: '{"a":1}' },
    { name: 'Expect: 100-continue', ...post(`${json(contact)}\r\nExpect: 100-continue`) },
    { name: 'Expect: something else', ...post(`${json(contact)}\r\nExpect: 42-fancy`) },
    { name: 'an Upgrade to websocket', head: `GET /v1/ping HTTP/1.1\r\nHost: x\r\n${auth}\r\nConnection: Upgrade\r\nUpgrade: websocket` },
    { name: 'Content-Encoding gzip on plain JSON', ...post(`${json(contact)}\r\nContent-Encoding: gzip`) },
    { name: 'a negative Content-Length', ...post('Content-Type: application/json\r\nContent-Length: -1') },
    { name: 'a huge Content-Length', ...post('Content-Type: application/json\r\nContent-Length: 99999999999999999999') },
    { name: 'obs-fold (a header continued on the next line)', head: `GET /v1/ping HTTP/1.1\r\nHost: x\r\n${auth}\r\nX-Folded: a\r\n b` },
    { name: 'two requests pipelined', head: `GET /v1/ping HTTP/1.1\r\nHost: x\r\n${auth}\r\n\r\nGET /v1/nowhere HTTP/1.1\r\nHost: x\r\n${auth}`, responses: 2 },
    { name: 'bare newlines instead of CRLF', head: `GET /v1/ping HTTP/1.1\nHost: x\n${auth}` },
  ];
}

describe.each(dialects)('fuzzing over a real socket (%s)', (dialect) => {
  let world: World;
  let port: number;
  beforeAll(async () => {
    world = await buildWorld(dialect);
    await world.app.listen({ port: 0, host: '127.0.0.1' });
    port = (world.app.server.address() as { port: number }).port;
  });
  afterAll(() => world.close());

  it('answers every malformed or odd request below 500, refusals in the envelope, writing nothing when refusing', async () => {
    const wrong: string[] = [];
    for (const { name, head, body, responses = 1 } of cases(world)) {
      const before = await databaseDigest(world.db);
      const wire = head === '' ? body! : Buffer.concat([Buffer.from(`${head}\r\n\r\n`, 'utf8'), Buffer.from(body ?? '')]);
      const answers = await exchangeAll(port, wire, { responses, head: head.startsWith('HEAD ') });
      const after = await databaseDigest(world.db);
      if (answers.length === 0) wrong.push(`${name}: no answer`);
      for (const answer of answers) {
        if (answer.status >= 500) wrong.push(`${name}: ${answer.status} ${answer.body}`);
        if (answer.status >= 400 && !head.startsWith('HEAD ')) {
          const problems = envelopeProblems(answer);
          if (problems.length) wrong.push(`${name}: ${problems.join('; ')}`);
        }
      }
      const refused = answers.every((answer) => answer.status >= 400);
      if (refused && changedTables(before, after).length) wrong.push(`${name}: refused yet wrote ${changedTables(before, after).join(', ')}`);
    }
    expect(wrong).toEqual([]);
    const ping = await fetch(`http://127.0.0.1:${port}/v1/ping`, { headers: { authorization: `Bearer ${world.keys.own}` } });
    expect(ping.status).toBe(200);
  });
});
