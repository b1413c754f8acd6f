import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runOneBoxCommand } from '@studio/testkit/server/processes';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * A box set up in its own folder (`studio setup --data DIR`) inside a checkout: the other commands
 * take `--data DIR` too, whatever DATABASE_URL names (here a decoy, as ./data would be), and the
 * folder never reaches a commit.
 */
describe('a data folder of its own', () => {
  const checkout = mkdtempSync(join(tmpdir(), 'studio-data-'));
  const data = join(checkout, 'studio');
  const database = join(data, 'studio.db');
  const decoy = { DATABASE_URL: join(checkout, 'decoy', 'studio.db') };
  afterAll(() => rmSync(checkout, { recursive: true, force: true }));

  it('doctor, backup and restore act on the --data folder, and git never sees its files', async () => {
    const setup = await runOneBoxCommand(['setup', '--data', data, '--business', 'Anchor Yoga', '--location', 'City', '--timezone', 'Europe/Dublin', '--country', 'IE'], decoy);
    expect(setup.stderr).toBe('');
    expect(setup.code).toBe(0);

    const doctor = await runOneBoxCommand(['doctor', '--data', data, '--json'], decoy);
    expect(doctor.stderr).toBe('');
    const checks = (JSON.parse(doctor.stdout) as { checks: { name: string; message: string }[] }).checks;
    expect(checks.find((check) => check.name === 'database')?.message).toContain(`SQLite ${database} opens`);
    expect(checks.find((check) => check.name === 'agents')?.message).toContain('owner (studio setup)');

    // A folder with no box: the doctor says which database it looked for, and that --data names it.
    const typo = await runOneBoxCommand(['doctor', '--data', join(checkout, 'studoi')], decoy);
    expect(typo.code).toBe(1);
    expect(typo.stdout).toContain(`SQLite ${join(checkout, 'studoi', 'studio.db')}: no database file there`);
    expect(typo.stdout).toContain('or the folder given to studio with --data');

    const copy = join(checkout, 'backup.db');
    const backup = await runOneBoxCommand(['backup', '--data', data, copy], decoy);
    expect(backup.code).toBe(0);
    expect(JSON.parse(backup.stdout)).toMatchObject({ database, backup: copy });

    const restore = await runOneBoxCommand(['restore', '--data', data, copy], decoy);
    expect(restore.code).toBe(0);
    expect(JSON.parse(restore.stdout)).toMatchObject({ restored: database });
    // Nothing was made where DATABASE_URL points.
    expect(existsSync(join(checkout, 'decoy'))).toBe(false);

    // `git add -A` in the checkout: the data folder keeps itself out (its own .gitignore), files beside it go in.
    expect(readFileSync(join(data, '.gitignore'), 'utf8')).toMatch(/^\*$/m);
    execFileSync('git', ['init', '--quiet'], { cwd: checkout });
    execFileSync('git', ['add', '-A'], { cwd: checkout });
    const staged = execFileSync('git', ['diff', '--cached', '--name-only'], { cwd: checkout, encoding: 'utf8' }).split('\n').filter(Boolean);
    expect(staged).toEqual(['backup.db']);
  });
});
