import { dialects } from '@studio/testkit/server/databases';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedTables, databaseDigest, type Digest } from '../helpers/database-digest.js';
import { applyMutations, mutationsOf, type Pools } from './mutations.js';
import { documentedOperations, serialize, validParts, validRequests } from './operations.js';
import { judge } from './oracle.js';
import { buildWorld, type World } from './world.js';

/** Generated requests per operation and dialect; the CI default keeps the reliability suite under a minute. */
const runs = Number(process.env.FUZZ_RUNS ?? 50);
const seed = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
/** Far above any answer's time here: reaching it means a request hung. */
const answerWithinMs = 10_000;
const operations = documentedOperations();

function withDeadline<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  const deadline = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${answerWithinMs} ms: ${what}`)), answerWithinMs)));
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/** Every id in both companies' files and targets (a contact's id where a class's is due, another company's), and real cursors of every list. */
async function poolsOf(world: World): Promise<Pools> {
  const ids = new Set<string>();
  for (const text of [JSON.stringify(world.files), JSON.stringify(world.targets)]) {
    for (const [id] of text.matchAll(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g)) ids.add(id);
  }
  const cursors: string[] = [];
  for (const op of operations.filter((candidate) => candidate.queryParams.some((p) => p.name === 'cursor'))) {
    for (const [key, target] of [
      [world.keys.own, world.targets.own],
      [world.keys.rival, world.targets.otherCompany],
    ] as const) {
      const parts = validParts(op, target, `Bearer ${key}`);
      parts.query = [...parts.query.filter(([name]) => name !== 'limit'), ['limit', '1']];
      const response = await world.send(serialize(parts));
      const next = (response.json() as { next_cursor?: string | null }).next_cursor;
      if (typeof next === 'string') cursors.push(next);
    }
  }
  return { ids: [...ids], cursors };
}

/** A failure report without the megabyte strings some counterexamples hold. */
function report<T>(details: fc.RunDetails<T>): void {
  if (!details.failed) return;
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  throw new Error(`Property failed after ${details.numRuns} runs. Replay with FUZZ_SEED=${details.seed} (path ${details.counterexamplePath}).\n${cause}`);
}

describe.each(dialects)('fuzzing every operation of the OpenAPI document (%s)', (dialect) => {
  let world: World;
  let pools: Pools;
  let before: Digest;
  beforeAll(async () => {
    world = await buildWorld(dialect);
    pools = await poolsOf(world);
    before = await databaseDigest(world.db);
  });
  afterAll(() => world.close());

  it('has a valid request for every operation, and real cursors to forge from', () => {
    expect(operations.map((op) => op.id).sort()).toEqual(Object.keys(validRequests).sort());
    expect(pools.cursors.length).toBeGreaterThanOrEqual(6);
  });

  it('sees a single changed column in a digest of every table', async () => {
    const { contact } = world.targets.own;
    const row = await world.db.first(world.db.qb.selectFrom('contacts').select('notes').where('id', '=', contact));
    await world.db.run(world.db.qb.updateTable('contacts').set({ notes: 'touched' }).where('id', '=', contact));
    expect(changedTables(before, await databaseDigest(world.db))).toEqual(['contacts']);
    await world.db.run(world.db.qb.updateTable('contacts').set({ notes: row!.notes }).where('id', '=', contact));
    expect(changedTables(before, await databaseDigest(world.db))).toEqual([]);
  });

  it("leaves out a key's last use, which any answer may record, but sees a key's other columns", async () => {
    const key = await world.db.first(world.db.qb.selectFrom('api_keys').select(['id', 'name', 'last_used_at']).limit(1));
    await world.db.run(world.db.qb.updateTable('api_keys').set({ last_used_at: '2031-01-01T00:00:00.000Z' }).where('id', '=', key!.id));
    expect(changedTables(before, await databaseDigest(world.db))).toEqual([]);
    await world.db.run(world.db.qb.updateTable('api_keys').set({ name: 'touched' }).where('id', '=', key!.id));
    expect(changedTables(before, await databaseDigest(world.db))).toEqual(['api_keys']);
    await world.db.run(world.db.qb.updateTable('api_keys').set({ name: key!.name, last_used_at: key!.last_used_at }).where('id', '=', key!.id));
    expect(changedTables(before, await databaseDigest(world.db))).toEqual([]);
  });

  for (const op of operations) {
    it(`${op.id}: ${runs} mutated requests, each answered below 500, refusals in the envelope and writing nothing`, async () => {
      const property = fc.asyncProperty(fc.array(mutationsOf(op, pools), { minLength: 1, maxLength: 3 }), async (mutations) => {
        const parts = applyMutations(validParts(op, world.targets.own, `Bearer ${world.keys.own}`), mutations);
        const request = serialize(parts);
        const response = await withDeadline(world.send(request), `${request.method} ${request.url.slice(0, 200)}`);
        const after = await databaseDigest(world.db);
        // Let inject's pending callbacks run: an unread body over the limit is held until they do.
        await new Promise((resolve) => setImmediate(resolve));
        const problems = judge(op, parts, mutations, response, before, after);
        before = after;
        if (problems.length) throw new Error(problems.join('\n'));
      });
      // No shrinking: a counterexample can hold megabyte strings, and its seed and path replay it.
      report(await fc.check(property, { numRuns: runs, endOnFailure: true, ...(seed !== undefined && { seed }) }));
    });
  }

  it('logged no key, secret, key hash, member code or card number, and no phone or email at info or above', () => {
    expect(world.logScan.lines).toBeGreaterThan(runs);
    expect(world.logScan.found).toEqual([]);
  });
});
