import { fstatSync } from 'node:fs';
import { z } from 'zod';

/**
 * The environment that says where log lines go, for the server and the agent alike: `LOG_FORMAT`
 * (`auto`, `human` or `json`) and `LOG_FILE` (JSON lines appended to that file).
 */
export const logOutputEnv = z.object({
  LOG_FORMAT: z.enum(['auto', 'human', 'json']).default('auto').describe('auto: short human lines on a terminal, JSON lines otherwise (journald under systemd)'),
  LOG_FILE: z.string().min(1).optional().describe('Append JSON log lines to this file'),
});
export type LogOutputEnv = z.infer<typeof logOutputEnv>;

/** What the process's standard output is connected to. */
export interface StdoutFacts {
  isTTY: boolean;
  /** systemd connected it to the journal (JOURNAL_STREAM names this very stream). */
  isJournal: boolean;
}

export interface LogOutput {
  /** What goes to standard output: short human lines, JSON lines, or nothing (JSON to the file only). */
  stdout: 'human' | 'json' | 'none';
  /** JSON lines are appended here as well. */
  file: string | null;
}

/**
 * Where the lines go: a person at a terminal reads short human lines; journald, a pipe or a file
 * gets JSON lines. `LOG_FORMAT` overrides the guess; a JSON stdout is dropped when a file takes
 * the JSON lines, so nothing is written twice.
 */
export function chooseLogOutput(env: LogOutputEnv, stdout: StdoutFacts): LogOutput {
  const file = env.LOG_FILE ?? null;
  const human = env.LOG_FORMAT === 'human' || (env.LOG_FORMAT === 'auto' && stdout.isTTY && !stdout.isJournal);
  if (human) return { stdout: 'human', file };
  return { stdout: file ? 'none' : 'json', file };
}

/**
 * systemd sets JOURNAL_STREAM to `device:inode` of the stream it gave the service; a child of a
 * service (a terminal opened from a desktop session) inherits the variable but not the stream, so
 * it is compared with the real one.
 */
export function stdoutFacts(env: NodeJS.ProcessEnv = process.env, stream: { isTTY?: boolean; fd?: number } = process.stdout): StdoutFacts {
  return { isTTY: stream.isTTY === true, isJournal: env.JOURNAL_STREAM !== undefined && env.JOURNAL_STREAM === streamId(stream.fd ?? 1) };
}

function streamId(fd: number): string | null {
  try {
    const stat = fstatSync(fd);
    return `${stat.dev}:${stat.ino}`;
  } catch {
    return null;
  }
}
