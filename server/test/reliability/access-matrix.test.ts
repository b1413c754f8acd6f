import { scopes, type Scope } from '@studio/shared';
import { dialects } from '@studio/testkit/server/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashKey } from '../../src/modules/keys/key-format.js';
import { revokeKey } from '../../src/modules/keys/repository.js';
import { envelopeProblems } from '../helpers/envelope.js';
import { deviceOperations, documentedOperations, serialize, validParts, validRequests, type Operation } from './operations.js';
import { fixtureSecrets, LogScan } from './secrets.js';
import { buildWorld, type TargetName, type World } from './world.js';

/** `test`: a live key relabelled `_sk_test_` (unknown); `testMode`: a real test key, whose company (its test mode) holds none of these objects. */
const keyStates = ['live', 'revoked', 'malformed', 'missing', 'test', 'testMode'] as const;
type KeyState = (typeof keyStates)[number];
const targetNames: TargetName[] = ['own', 'otherLocation', 'otherCompany'];
const operations = documentedOperations();
/** Routes only a key of every location may call, whatever they aim at: a webhook endpoint receives every location's events. */
const needsEveryLocation = (op: Operation) => op.route.tag === 'Webhooks';
/** Routes a device key alone may call (issue 29): the matrix's keys are of no device, so each is refused once its scope passes. */
const deviceOnly = new Set(Object.keys(deviceOperations));

interface Outcome {
  status: number;
  code?: string;
}

/** A fresh success: 201 where the route creates, 202 where it starts work done later, else 200. */
const success = (op: Operation): Outcome => ({ status: op.route.responses[201] ? 201 : op.route.responses[202] ? 202 : 200 });

/**
 * The decided answer (docs/api-decisions.md, Keys; conventions): a key that is not live is 401 before
 * anything else; then the scope; then, for a route that aims at a location, the key's locations
 * (403) and the company (another company's ids are 404, never 403).
 */
function decided(op: Operation, scope: Scope, target: TargetName, state: KeyState, world: World): Outcome {
  if (state !== 'live' && state !== 'testMode') return { status: 401, code: 'invalid_api_key' };
  if (op.route.scopes.length > 0 && !op.route.scopes.includes(scope)) return { status: 403, code: 'insufficient_scope' };
  // A route whose answer shows what another scope reads needs that one too (updateContact: read:contacts).
  if ((op.route.alsoRequires ?? []).some((also) => also !== scope)) return { status: 403, code: 'insufficient_scope' };
  if (deviceOnly.has(op.id)) return { status: 403, code: 'device_only' };
  // The matrix's live keys are limited to the own location: refused before any lookup, so no id is
  // told apart. Its test keys are of every location (test mode has locations of its own).
  if (needsEveryLocation(op) && state !== 'testMode') return { status: 403, code: 'location_not_allowed' };
  const build = validRequests[op.id]!;
  // Test mode: every live object is another company's to a test key (docs/api-decisions.md, Keys).
  if (state === 'testMode') return /[0-9a-f]{8}-[0-9a-f]{4}-/.test(JSON.stringify(build(world.targets[target]))) ? { status: 404, code: 'resource_missing' } : success(op);
  const aimsAtLocation = JSON.stringify(build(world.targets.own)) !== JSON.stringify(build(world.targets.otherLocation));
  if (!aimsAtLocation || target === 'own') return success(op);
  return target === 'otherLocation' ? { status: 403, code: 'location_not_allowed' } : { status: 404, code: 'resource_missing' };
}

describe.each(dialects)('access matrix: every route x scope x target x key state (%s)', (dialect) => {
  let world: World;
  /** The Authorization header per scope and key state: keys hold that one scope, at the own location only. */
  const authorization = new Map<string, string | null>();

  beforeAll(async () => {
    world = await buildWorld(dialect);
    const location = [world.targets.own.location];
    for (const [index, scope] of scopes.entries()) {
      const live = (await world.mint(world.ownCompanyId, [scope], location)).key;
      const revoked = await world.mint(world.ownCompanyId, [scope], location);
      await revokeKey(world.db, revoked.id);
      const altered = `${live.slice(0, -1)}${live.endsWith('A') ? 'B' : 'A'}`;
      const malformed = [`Bearer ${live.slice(0, -1)}`, `Basic ${live}`, `Bearer ${live} extra`, `Bearer ${altered}`, live, `Bearer  ${live}`][index % 6]!;
      authorization.set(`${scope} live`, `Bearer ${live}`);
      authorization.set(`${scope} revoked`, `Bearer ${revoked.key}`);
      authorization.set(`${scope} malformed`, malformed);
      authorization.set(`${scope} missing`, null);
      authorization.set(`${scope} test`, `Bearer ${live.replace('_sk_live_', '_sk_test_')}`);
      authorization.set(`${scope} testMode`, `Bearer ${(await world.mint(world.ownCompanyId, [scope], 'all', 'test')).key}`);
    }
  });
  afterAll(() => world.close());

  it('has a valid request for every operation of the OpenAPI document, and for nothing else', () => {
    expect(operations.map((op) => op.id).sort()).toEqual(Object.keys(validRequests).sort());
    expect(operations.filter((op) => op.route.scopes.length === 0).map((op) => op.id)).toEqual(['ping']);
  });

  it('answers each cell with the decided status and code, in the envelope', async () => {
    const wrong: string[] = [];
    let cells = 0;
    for (const op of operations) {
      for (const scope of scopes) {
        for (const target of targetNames) {
          for (const state of keyStates) {
            const response = await world.send(serialize(validParts(op, world.targets[target], authorization.get(`${scope} ${state}`)!)));
            const want = decided(op, scope, target, state, world);
            const answer = { status: response.statusCode, headers: response.headers, body: response.body };
            const code = response.statusCode >= 400 ? (JSON.parse(response.body) as { error?: { code?: string } }).error?.code : undefined;
            const problems = response.statusCode >= 400 ? envelopeProblems(answer) : [];
            if (response.statusCode !== want.status || code !== want.code || problems.length) {
              wrong.push(
                `${op.id} [${scope}] ${target} ${state}: ${response.statusCode} ${code ?? ''} ${problems.join('; ')}, decided ${want.status} ${want.code ?? ''} — ${response.body.slice(0, 160)}`,
              );
            }
            cells++;
          }
        }
      }
    }
    expect(cells).toBe(operations.length * scopes.length * targetNames.length * keyStates.length);
    expect(wrong).toEqual([]);
  });

  it('lists for a location-limited key only what is at its locations', async () => {
    const limited = (await world.mint(world.ownCompanyId, 'all', [world.targets.own.location])).key;
    const lists = operations.filter((op) => op.route.method === 'GET' && op.pathParams.length === 0 && op.queryParams.some((p) => p.name === 'location_id'));
    expect(lists.length).toBeGreaterThanOrEqual(6);
    for (const op of lists) {
      const parts = validParts(op, world.targets.own, `Bearer ${limited}`);
      parts.query = parts.query.filter(([name]) => name !== 'location_id');
      const response = await world.send(serialize(parts));
      expect(response.statusCode, `${op.id}: ${response.body.slice(0, 200)}`).toBe(200);
      const rows = (response.json() as { data: { location_id?: string }[] }).data;
      for (const row of rows) if (row.location_id !== undefined) expect(row.location_id, op.id).toBe(world.targets.own.location);
    }
    const locations = await world.send(
      serialize(
        validParts(
          operations.find((op) => op.id === 'listLocations')!,
          world.targets.own,
          `Bearer ${limited}`,
        ),
      ),
    );
    expect((locations.json() as { data: { id: string }[] }).data.map((row) => row.id)).toEqual([world.targets.own.location]);
  });

  it("answers a key of every location on the webhook routes: its company's objects, not another's, and only with write:webhooks", async () => {
    const webhookOps = operations.filter(needsEveryLocation);
    expect(webhookOps.length).toBe(10);
    const wrong: string[] = [];
    for (const scope of ['write:webhooks', 'read:events', 'read:contacts'] as const) {
      const key = (await world.mint(world.ownCompanyId, [scope], 'all')).key;
      for (const op of webhookOps) {
        for (const target of ['own', 'otherCompany'] as const) {
          const response = await world.send(serialize(validParts(op, world.targets[target], `Bearer ${key}`)));
          const listsOwn = op.pathParams.length === 0;
          const want: Outcome = scope !== 'write:webhooks' ? { status: 403, code: 'insufficient_scope' } : target === 'own' || listsOwn ? success(op) : { status: 404, code: 'resource_missing' };
          const code = response.statusCode >= 400 ? (JSON.parse(response.body) as { error?: { code?: string } }).error?.code : undefined;
          if (response.statusCode !== want.status || code !== want.code) wrong.push(`${op.id} [${scope}] ${target}: ${response.statusCode} ${code ?? ''}, decided ${want.status} ${want.code ?? ''}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('logged no key, secret, key hash, member code or card number, and no phone or email at info or above', () => {
    const secrets = fixtureSecrets(world.mintedKeys, world.files);
    // The scan itself finds what it looks for: a key's hash, a card printed as reversed decimal, a phone at info but not at debug.
    const [key] = world.mintedKeys;
    const planted = [
      JSON.stringify({ level: 20, msg: hashKey(key!) }),
      JSON.stringify({ level: 20, msg: `scan ${BigInt('0x80E6D5C1B2A304').toString()}` }),
      JSON.stringify({ level: 30, msg: 'call +17185550110' }),
      JSON.stringify({ level: 20, msg: 'call +17185550110' }),
    ];
    const scan = new LogScan(secrets);
    for (const line of planted) scan.write(line);
    expect(scan.found).toHaveLength(3);
    expect(world.logScan.lines).toBeGreaterThan(1000);
    expect(world.logScan.found).toEqual([]);
  });
});
