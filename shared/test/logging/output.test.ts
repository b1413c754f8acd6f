import { closeSync, fstatSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chooseLogOutput, destinationFor, logDestination, logOutputEnv, stdoutFacts } from '@studio/shared/logging';
import { afterAll, describe, expect, it } from 'vitest';

const env = (vars: Record<string, string> = {}) => logOutputEnv.parse(vars);
const terminal = { isTTY: true, isJournal: false };
const journal = { isTTY: false, isJournal: true };
const pipe = { isTTY: false, isJournal: false };

describe('where the log lines go', () => {
  const dir = mkdtempSync(join(tmpdir(), 'studio-log-output-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a terminal gets human lines; journald and a pipe get JSON; LOG_FORMAT overrides the guess', () => {
    expect(chooseLogOutput(env(), terminal)).toEqual({ stdout: 'human', file: null });
    expect(chooseLogOutput(env(), journal)).toEqual({ stdout: 'json', file: null });
    expect(chooseLogOutput(env(), pipe)).toEqual({ stdout: 'json', file: null });
    // A service whose stdout is a tty (a kiosk on tty1) and the journal at once cannot be; the journal wins.
    expect(chooseLogOutput(env(), { isTTY: true, isJournal: true })).toEqual({ stdout: 'json', file: null });
    expect(chooseLogOutput(env({ LOG_FORMAT: 'json' }), terminal)).toEqual({ stdout: 'json', file: null });
    expect(chooseLogOutput(env({ LOG_FORMAT: 'human' }), pipe)).toEqual({ stdout: 'human', file: null });
    expect(chooseLogOutput(env({ LOG_FORMAT: 'human' }), journal)).toEqual({ stdout: 'human', file: null });
  });

  it('LOG_FILE takes the JSON lines: beside the human lines on a terminal, instead of stdout otherwise', () => {
    expect(chooseLogOutput(env({ LOG_FILE: '/var/log/studio.jsonl' }), terminal)).toEqual({ stdout: 'human', file: '/var/log/studio.jsonl' });
    expect(chooseLogOutput(env({ LOG_FILE: '/var/log/studio.jsonl' }), journal)).toEqual({ stdout: 'none', file: '/var/log/studio.jsonl' });
    expect(chooseLogOutput(env({ LOG_FILE: '/var/log/studio.jsonl', LOG_FORMAT: 'json' }), terminal)).toEqual({ stdout: 'none', file: '/var/log/studio.jsonl' });
  });

  it('refuses an unknown LOG_FORMAT by name', () => {
    expect(() => logDestination({ LOG_FORMAT: 'pretty' })).toThrow(/^LOG_FORMAT: /);
  });

  it('takes JOURNAL_STREAM at its word only when it names the stream itself (a child of a service inherits the variable)', () => {
    const file = join(dir, 'stream');
    const fd = openSync(file, 'w');
    try {
      const { dev, ino } = fstatSync(fd);
      expect(stdoutFacts({ JOURNAL_STREAM: `${dev}:${ino}` }, { fd })).toEqual({ isTTY: false, isJournal: true });
      expect(stdoutFacts({ JOURNAL_STREAM: `${dev}:${ino + 1}` }, { fd })).toEqual({ isTTY: false, isJournal: false });
      expect(stdoutFacts({}, { fd, isTTY: true })).toEqual({ isTTY: true, isJournal: false });
    } finally {
      closeSync(fd);
    }
  });

  it('writes JSON lines to the file (its folder made) and human lines to the terminal; JSON to stdout through the line writer that hears a closed reader', () => {
    const screen: string[] = [];
    const file = join(dir, 'logs', 'studio.jsonl');
    const record = JSON.stringify({ level: 30, time: Date.UTC(2026, 2, 2, 9, 5, 7), event: 'server.back', msg: 'the server is reachable again' }) + '\n';
    const request = JSON.stringify({ level: 30, time: 0, msg: 'request' }) + '\n';
    const both = destinationFor({ stdout: 'human', file }, { write: (text: string) => screen.push(text) });
    both!.write(record);
    both!.write(request);
    expect(readFileSync(file, 'utf8')).toBe(record + request);
    expect(screen).toHaveLength(1);
    expect(screen[0]).toMatch(/^\d\d:\d\d:\d\d {2}server {4}reachable again\n$/);

    const jsonLines = { write: (line: string) => screen.push(line) };
    expect(destinationFor({ stdout: 'json', file: null }, undefined, jsonLines)).toBe(jsonLines);
    const fileOnly = join(dir, 'service.jsonl');
    destinationFor({ stdout: 'none', file: fileOnly }, { write: () => expect.unreachable('nothing on stdout') })!.write(record);
    expect(readFileSync(fileOnly, 'utf8')).toBe(record);
  });
});
