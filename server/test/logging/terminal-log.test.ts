import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStudio } from '@studio/testkit/server/processes';
import { afterAll, describe, expect, it } from 'vitest';

const jsonLines = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('the server log, as a person at a terminal and as a service see it (real processes)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'studio-terminal-log-'));
  const databaseUrl = join(dir, 'studio.db');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('on a terminal (LOG_FORMAT=human): short lines for start and stop, no request lines; the JSON lines go to LOG_FILE', async () => {
    const logFile = join(dir, 'logs', 'studio.jsonl');
    const server = await startStudio('serve', databaseUrl, 'info', { env: { LOG_FORMAT: 'human', LOG_FILE: logFile } });
    let code: number | null;
    try {
      for (const path of ['/ping', '/openapi.json', '/contacts?search=Ann']) await fetch(`${server.base}${path}`);
    } finally {
      code = await server.stop();
    }
    expect(code).toBe(0);
    const lines = server.output().trim().split('\n');
    expect(lines).toEqual([
      expect.stringMatching(new RegExp(`^\\d\\d:\\d\\d:\\d\\d {2}api {7}listening at ${server.base.replaceAll('.', '\\.')}$`)),
      // A box without an email provider works, and says once what members miss.
      expect.stringMatching(/^\d\d:\d\d:\d\d {2}warning {3}members' emails are not sent: no SMTP provider \(set SMTP_HOST and SMTP_FROM\); they wait in the outbox$/),
      expect.stringMatching(/^\d\d:\d\d:\d\d {2}api {7}stopping: finishing the requests in flight$/),
      expect.stringMatching(/^\d\d:\d\d:\d\d {2}api {7}stopped$/),
    ]);
    const logged = jsonLines(readFileSync(logFile, 'utf8'));
    expect(logged.map((record) => record.event).filter(Boolean)).toEqual(['api.listening', 'messages.not_configured', 'api.stopping', 'api.stopped']);
    expect(logged.filter((record) => record.msg === 'request')).toEqual([]);
  });

  it('as a service (JSON on stdout): requests are logged at debug only', async () => {
    const atInfo = await startStudio('serve', databaseUrl, 'info', { env: { LOG_FORMAT: 'json' } });
    await fetch(`${atInfo.base}/ping`);
    expect(await atInfo.stop()).toBe(0);
    const info = jsonLines(atInfo.output());
    expect(info.some((record) => record.event === 'api.listening')).toBe(true);
    expect(info.filter((record) => record.msg === 'request')).toEqual([]);

    const atDebug = await startStudio('serve', databaseUrl, 'debug', { env: { LOG_FORMAT: 'json' } });
    await fetch(`${atDebug.base}/ping`);
    expect(await atDebug.stop()).toBe(0);
    expect(jsonLines(atDebug.output())).toContainEqual(expect.objectContaining({ level: 20, msg: 'request', route: '/v1/ping', status: 401 }));
  });
});
