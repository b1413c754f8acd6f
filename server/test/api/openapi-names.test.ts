import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultLimits } from '../../src/config.js';
import { apiRoutes } from '../../src/modules/routes.js';
import { openApiDocument } from '../../src/openapi/document.js';

const repoFile = (path: string) => new URL(`../../../${path}`, import.meta.url);
const snapshotPath = '../../../docs/openapi-names.json';

/** The names a generated client depends on: every component by kind, every operationId, every webhook. */
interface Names {
  components: Record<string, string[]>;
  operations: string[];
  webhooks: string[];
}

type Document = { paths: Record<string, Record<string, { operationId: string }>>; webhooks?: Record<string, unknown>; components: Record<string, Record<string, unknown>> };

function namesOf(document: Document): Names {
  return {
    components: Object.fromEntries(Object.entries(document.components).map(([kind, named]) => [kind, Object.keys(named).sort()])),
    operations: Object.values(document.paths)
      .flatMap((methods) => Object.values(methods).map((op) => op.operationId))
      .sort(),
    webhooks: Object.keys(document.webhooks ?? {}).sort(),
  };
}

const flat = (names: Names) => [...Object.values(names.components).flat(), ...names.operations, ...names.webhooks];

/**
 * The changelog's newest entry: everything above its second `## ` heading. A name a change removes
 * must be named there, on a line starting `- Removed`, so the entry says what went and what a
 * client uses instead.
 */
function removedInNewestEntry(changelog: string): Set<string> {
  const [, newest = ''] = changelog.split(/^## /m);
  const lines = newest.split('\n').filter((line) => line.startsWith('- Removed'));
  return new Set(lines.flatMap((line) => [...line.matchAll(/`([^`]+)`/g)].map(([, name]) => name!)));
}

/** The names of `previous` missing from `current` that the changelog's newest entry does not name as removed. */
function unannouncedRemovals(previous: Names, current: Names, changelog: string): string[] {
  const now = new Set(flat(current));
  const announced = removedInNewestEntry(changelog);
  return flat(previous).filter((name) => !now.has(name) && !announced.has(name));
}

const document = openApiDocument(apiRoutes, defaultLimits) as unknown as Document;
const changelog = () => readFileSync(repoFile('docs/api-changelog.md'), 'utf8');

describe('names a generated client depends on (docs/openapi-names.json, docs/api-changelog.md)', () => {
  it('loses none without a changelog entry, and the committed snapshot lists them all', async () => {
    const previous = JSON.parse(readFileSync(repoFile('docs/openapi-names.json'), 'utf8')) as Names;
    const current = namesOf(document);
    expect(
      unannouncedRemovals(previous, current, changelog()),
      'Gone from the OpenAPI document with no entry: a client generated before naming them no longer compiles. Keep them (an alias, as openapi/request-bodies.ts keeps request body names), or add an entry at the top of docs/api-changelog.md with a line starting `- Removed:` that names each in backquotes and says what replaces it, then refresh the snapshot as below.',
    ).toEqual([]);
    // New names, or names removed with an entry: `npx vitest run server/test/api/openapi-names.test.ts -u` rewrites the snapshot (commit it, with an entry for what was added).
    await expect(`${JSON.stringify(current, null, 2)}\n`).toMatchFileSnapshot(snapshotPath);
  });

  it('has an entry naming each change, newest first, down to a baseline', () => {
    const headings = [...changelog().matchAll(/^## (\d{4}-\d{2}-\d{2})/gm)].map(([, date]) => date!);
    expect(headings.length).toBeGreaterThan(2);
    expect([...headings].sort().reverse()).toEqual(headings);
    expect(changelog()).toMatch(/^## \d{4}-\d{2}-\d{2}: baseline/m);
  });

  it('refuses a removal the newest entry does not name, even one an older entry named', () => {
    const previous: Names = { components: { schemas: ['Booking', 'BookingCreate'] }, operations: ['getEvent', 'listEvents'], webhooks: ['booking.created'] };
    const current: Names = { components: { schemas: ['Booking'] }, operations: ['listEvents'], webhooks: ['booking.created'] };
    const older = '## 2026-11-25: older\n\n- Removed: `BookingCreate`, `getEvent`\n';
    expect(unannouncedRemovals(previous, current, `# API changelog\n\n## 2026-12-08: newest\n\n- Added: \`thing\`\n\n${older}`)).toEqual(['BookingCreate', 'getEvent']);
    expect(unannouncedRemovals(previous, current, `# API changelog\n\n## 2026-12-08: newest\n\n- Removed: \`getEvent\` (GET /events lists them)\n\n${older}`)).toEqual(['BookingCreate']);
    expect(unannouncedRemovals(previous, current, '# API changelog\n\n## 2026-12-08: newest\n\n- Removed: `BookingCreate` and `getEvent`\n')).toEqual([]);
  });
});
