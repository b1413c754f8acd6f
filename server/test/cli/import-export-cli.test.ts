import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dialects, freshDatabase, type TestDatabase } from '@studio/testkit/server/databases';
import { runStudio } from '@studio/testkit/server/processes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/dialects/open.js';
import { demoCompanyId } from '../../src/modules/setup/demo.js';

describe.each(dialects)('studio export and studio import --dry-run on %s', (dialect) => {
  let source: TestDatabase;
  let target: TestDatabase;
  let dir: string;
  beforeAll(async () => {
    [source, target] = await Promise.all([freshDatabase(dialect), freshDatabase(dialect)]);
    dir = mkdtempSync(join(tmpdir(), 'studio-export-'));
    expect((await runStudio(source.url, ['demo'])).code).toBe(0);
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await Promise.all([source?.drop(), target?.drop()]);
  });

  /** The demo's weekly series as stored: 12 from the file, more once the demo has carried one past five years (2031 on). */
  const seriesCount = async () => {
    const db = await openDatabase(source.url);
    try {
      return (await db.all(db.qb.selectFrom('class_series').select('id'))).length;
    } finally {
      await db.close();
    }
  };

  const companies = async (url: string) => {
    const db = await openDatabase(url);
    try {
      return (await db.all(db.qb.selectFrom('companies').select('id'))).map((row) => row.id);
    } finally {
      await db.close();
    }
  };

  it('exports the company to a file only its owner reads, printing where and how many entries', async () => {
    const out = join(dir, 'harbour.json');
    const { code, stdout, stderr } = await runStudio(source.url, ['export', '--company', demoCompanyId, '--out', out]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(JSON.parse(stdout)).toEqual({
      company_id: demoCompanyId,
      out,
      entries: {
        locations: 2,
        staff: 7,
        rooms: 5,
        services: 11,
        membership_plans: 5,
        package_templates: 3,
        contacts: 30,
        memberships: 22,
        gift_cards: 6,
        classes: 2,
        class_series: await seriesCount(),
      },
    });
    expect(statSync(out).mode & 0o777).toBe(0o600);
    // Without --out, the same file on stdout.
    const printed = await runStudio(source.url, ['export', '--company', demoCompanyId]);
    expect(JSON.parse(printed.stdout)).toEqual(JSON.parse(readFileSync(out, 'utf8')));
  });

  it('dry-runs the export into an empty database: what it would create, and nothing written', async () => {
    const { code, stdout } = await runStudio(target.url, ['import', join(dir, 'harbour.json'), '--dry-run']);
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    expect(report).toMatchObject({ dry_run: true, ok: true, problems: [], company_id: demoCompanyId, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(report.would_create).toMatchObject({ companies: 1, locations: 2, contacts: 30, memberships: 22, class_series: await seriesCount() });
    expect(await companies(target.url)).toEqual([]);
  });

  it('lists every problem of a broken file on stdout and stderr, exit 1, nothing written', async () => {
    const file = JSON.parse(readFileSync(join(dir, 'harbour.json'), 'utf8'));
    file.services[0].duration_minutes = 'long';
    file.class_series[0].location = 'atlantis';
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, JSON.stringify(file));
    const { code, stdout, stderr } = await runStudio(target.url, ['import', broken, '--dry-run']);
    expect(code).toBe(1);
    const report = JSON.parse(stdout);
    expect(report.ok).toBe(false);
    expect(report.problems).toEqual([
      expect.stringMatching(/^services\[0\] \(ref "[a-z-]+"\)\.duration_minutes: .*expected number/),
      expect.stringMatching(/^class_series\[0\] \(id "[0-9a-f-]{36}"\): location "atlantis" is not a location in this file$/),
    ]);
    expect(stderr).toBe(`studio: dry run: the import would be refused (2 problems):\n  ${report.problems.join('\n  ')}\n`);
    expect(await companies(target.url)).toEqual([]);
  });

  it('imports the export into the empty database, which then exports the same file', async () => {
    const imported = await runStudio(target.url, ['import', join(dir, 'harbour.json')]);
    expect(imported.code).toBe(0);
    expect(JSON.parse(imported.stdout)).toMatchObject({ company_id: demoCompanyId, created: { companies: 1, contacts: 30 } });
    const again = await runStudio(target.url, ['export', '--company', demoCompanyId]);
    expect(JSON.parse(again.stdout)).toEqual(JSON.parse(readFileSync(join(dir, 'harbour.json'), 'utf8')));
  });

  it('refuses an unknown company and an unwritable --out in one line', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(await runStudio(source.url, ['export', '--company', unknown])).toEqual({ code: 1, stdout: '', stderr: `studio: No company ${unknown}.\n` });
    const nowhere = join(dir, 'missing-folder', 'x.json');
    const refused = await runStudio(source.url, ['export', '--company', demoCompanyId, '--out', nowhere]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(new RegExp(`^studio: cannot write ${nowhere}: ENOENT`));
  });
});
