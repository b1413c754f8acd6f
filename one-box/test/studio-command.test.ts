import { spawnSync } from 'node:child_process';
import { studioBin, studioServerBin } from '@studio/testkit/server/processes';
import { describe, expect, it } from 'vitest';

const run = (bin: string, args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env: { ...process.env, DATABASE_URL: ':memory:' } });
/** The command names of a commander help text. */
const commandsOf = (help: string) => [...help.split('Commands:')[1]!.matchAll(/^ {2}(\S+)/gm)].map((match) => match[1]!);

describe('the studio commands', () => {
  it('`studio` is every server command, `setup` and `start`; `studio-server` the same without them', () => {
    const studio = run(studioBin, ['--help']);
    const server = run(studioServerBin, ['--help']);
    expect(studio.status).toBe(0);
    expect(server.status).toBe(0);
    expect(commandsOf(server.stdout)).toEqual(expect.arrayContaining(['serve', 'companies', 'import', 'keys', 'demo', 'openapi']));
    expect(commandsOf(server.stdout)).not.toContain('start');
    expect(commandsOf(server.stdout)).not.toContain('setup');
    expect(commandsOf(studio.stdout).sort()).toEqual([...commandsOf(server.stdout), 'setup', 'start'].sort());
  });

  it('`studio-server start` is refused as an unknown command, exit code 2', () => {
    const refused = run(studioServerBin, ['start']);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain("unknown command 'start'");
  });

  it('runs a server command through `studio` as through `studio-server`', () => {
    const viaStudio = run(studioBin, ['openapi']);
    expect(viaStudio.status).toBe(0);
    expect(JSON.parse(viaStudio.stdout)).toMatchObject({ openapi: expect.stringMatching(/^3\.1/) });
    expect(viaStudio.stdout).toBe(run(studioServerBin, ['openapi']).stdout);
  });
});
