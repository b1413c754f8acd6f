import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiled, type Db } from '../../src/db/types.js';
import { createKey } from '../../src/modules/keys/repository.js';
import { maxImportClasses } from '../../src/modules/setup/import-limits.js';
import { classesPerDailySeries, dailySeriesFile } from '../helpers/daily-series-file.js';
import { password, webStudio, type Browser } from './web-studio.js';

type Studio = Awaited<ReturnType<typeof webStudio>>;

/**
 * The Db the app runs on, whose reads of `import_fingerprints` wait at a gate while it is shut.
 * That read is the dry run's last step, after the file is read and planned in the worker: the
 * dry run then stays open for as long as the test needs, without a wall-clock wait.
 */
function gatedDb(db: Db) {
  let shut: { reached: () => void; open: Promise<void> } | null = null;
  const held = (query: Parameters<Db['all']>[0]) => (shut !== null && compiled(query).sql.includes('"import_fingerprints"') ? shut : null);
  const gated: Db = {
    ...db,
    all: async (query) => {
      const gate = held(query);
      if (gate) (gate.reached(), await gate.open);
      return db.all(query);
    },
    first: async (query) => {
      const gate = held(query);
      if (gate) (gate.reached(), await gate.open);
      return db.first(query);
    },
  };
  /** Shuts the gate; answers when a read reaches it, and the opener. */
  const shutGate = () => {
    let reached!: () => void;
    let open!: () => void;
    const arrived = new Promise<void>((resolve) => (reached = resolve));
    shut = { reached, open: new Promise<void>((resolve) => (open = resolve)) };
    return {
      arrived,
      open: () => {
        shut = null;
        open();
      },
    };
  };
  return { gated, shutGate };
}

/** An addition to the studio: its own location, and daily five-year series up to the cap. */
const fiveYearFile = (seriesCount: number) => dailySeriesFile(seriesCount, { company: false, slug: `five-years-${seriesCount}` });

describe.each(dialects)('the import runs beside every other request (%s)', (dialect) => {
  const suite = useFreshDatabase(dialect);
  let gate: ReturnType<typeof gatedDb>;
  let s: Studio;
  let owner: Browser;
  let apiKey: string;
  beforeAll(async () => {
    gate = gatedDb(suite.db);
    s = await webStudio(gate.gated);
    owner = await s.signIn('olive@alder.example');
    apiKey = (await createKey(suite.db, { companyId: s.studio.companyId, name: 'ping', scopes: 'all', locationIds: 'all' })).key;
  }, 60_000);
  afterAll(() => s.app.close());

  const dryRun = (file: unknown) => s.send({ method: 'POST', url: '/app/api/import/dry-run', as: owner, body: { password, file } });
  const progress = () => s.send({ method: 'GET', url: '/app/api/import/progress', as: owner });
  const ping = () => s.app.inject({ method: 'GET', url: '/v1/ping', headers: { authorization: `Bearer ${apiKey}` } });

  it('answers /v1/ping, the progress and a second import while the five-year file is dry-run, before the dry run answers', async () => {
    const events: string[] = [];
    const shut = gate.shutGate();
    const running = dryRun(fiveYearFile(27)).then((response) => {
      events.push(`dry run answered ${response.statusCode}`);
      return response;
    });
    await shut.arrived;
    events.push('dry run read and planned the file');

    const pong = await ping();
    events.push(`ping answered ${pong.statusCode}`);
    const now = await progress();
    events.push(`progress answered ${now.statusCode}`);
    expect(now.json()).toEqual({ running: { kind: 'dry_run', phase: 'checking', rows_written: 0, rows_total: 0, started_at: '2026-06-01T09:00:00.000Z' } });
    const second = await dryRun(fiveYearFile(1));
    events.push(`second dry run answered ${second.statusCode} ${second.json<{ error: { code: string } }>().error.code}`);

    shut.open();
    const report = (await running).json<{ ok: boolean; would_create: Record<string, number> }>();
    expect(events).toEqual(['dry run read and planned the file', 'ping answered 200', 'progress answered 200', 'second dry run answered 409 import_in_progress', 'dry run answered 200']);
    expect(report).toMatchObject({ ok: true, would_create: { class_series: 27, classes: 27 * classesPerDailySeries } });
    expect((await progress()).json()).toEqual({ running: null });
  });

  it('refuses the 14.7 KB file of 82 series with 422 import_too_large, naming each series and the cap', async () => {
    const file = fiveYearFile(82);
    expect(JSON.stringify(file).length).toBeGreaterThan(14_000);
    const response = await dryRun(file);
    expect(response.statusCode).toBe(422);
    const { error } = response.json<{ error: { code: string; message: string; problems: string[]; classes: number; max_classes: number } }>();
    expect(error).toMatchObject({ code: 'import_too_large', classes: 82 * classesPerDailySeries, max_classes: maxImportClasses });
    expect(error.message).toContain('one import creates at most 50,000');
    expect(error.problems).toHaveLength(82);
    expect(error.problems.every((problem) => problem.endsWith(': 1,826 classes'))).toBe(true);
  });

  it('commits the five-year file, then says no import runs', async () => {
    const file = fiveYearFile(27);
    const report = (await dryRun(file)).json<{ ok: boolean; sha256: string }>();
    expect(report.ok).toBe(true);
    const committed = await s.send({ method: 'POST', url: '/app/api/import/commit', as: owner, body: { password, file, sha256: report.sha256 } });
    expect(committed.statusCode).toBe(201);
    expect(committed.json<{ created: Record<string, number> }>().created).toMatchObject({ classes: 27 * classesPerDailySeries });
    expect((await progress()).json()).toEqual({ running: null });
  });
});
