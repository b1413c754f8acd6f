import { mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { humanLogLine } from './human-line.js';
import { chooseLogOutput, logOutputEnv, stdoutFacts, type LogOutput } from './output.js';
import { isOutputClosed, stdoutLines } from './stdout-lines.js';

/** What pino writes its JSON lines to (its `DestinationStream`). */
export interface LogDestination {
  write(line: string): void;
}

interface Writer {
  write(text: string): unknown;
}

/** Parses each JSON line and writes the human line for it, if any. A line that is not JSON passes through. */
export function humanDestination(out: Writer, timeZone?: string): LogDestination {
  return {
    write(chunk) {
      for (const line of chunk.split('\n')) {
        if (line === '') continue;
        let record: unknown;
        try {
          record = JSON.parse(line);
        } catch {
          out.write(line + '\n');
          continue;
        }
        const human = typeof record === 'object' && record !== null ? humanLogLine(record as Record<string, unknown>, timeZone) : null;
        if (human !== null) out.write(human + '\n');
      }
    },
  };
}

/** Appends JSON lines to a file (its folder made if missing), synchronously, so the last lines before an exit are kept. */
function fileDestination(path: string): LogDestination {
  mkdirSync(dirname(path), { recursive: true });
  const fd = openSync(path, 'a', 0o640);
  return { write: (line) => void writeSync(fd, line) };
}

/**
 * The destination for a choice of `chooseLogOutput`; JSON lines to standard output go to
 * `jsonStdout` (by default `stdoutLines` told of nothing); none when nothing is written anywhere.
 */
export function destinationFor(output: LogOutput, stdout: Writer = process.stdout, jsonStdout: LogDestination = stdoutLines({ onClosed: () => {} })): LogDestination | undefined {
  const targets: LogDestination[] = [];
  if (output.file !== null) targets.push(fileDestination(output.file));
  if (output.stdout === 'human') targets.push(humanDestination(stdout));
  if (output.stdout === 'json') targets.push(jsonStdout);
  if (targets.length <= 1) return targets[0];
  return { write: (line) => targets.forEach((target) => target.write(line)) };
}

let stopAsked = false;

/**
 * What a process does when its standard output is closed (`studio-agent ... | tee agent.log`, the
 * tee gone): what SIGTERM does. Each command's SIGTERM handler stops it cleanly (relays off, stores
 * closed, requests in flight finished) and it exits; one without a handler ends at once, as a
 * program whose output is gone does.
 */
export function stopAsOnSigterm(): void {
  if (stopAsked) return;
  stopAsked = true;
  process.kill(process.pid, 'SIGTERM');
}

/** Who hears of standard output closing, and what is flushed at exit: one listener each per process, however many loggers. */
const outputClosedHandlers = new Set<() => void>();
const exitFlushes = new Set<() => void>();
let watching = false;

function watchStandardOutput(): void {
  if (watching) return;
  watching = true;
  // A write through the stream (human lines, the one-box's banner) reports a closed reader as an
  // 'error' event, which unheard would crash the process before anything is stopped.
  process.stdout.on('error', (error) => {
    if (isOutputClosed(error)) for (const handler of outputClosedHandlers) handler();
  });
  process.once('exit', () => {
    for (const flush of exitFlushes) flush();
  });
}

/**
 * The log destination for this process: from `LOG_FORMAT` and `LOG_FILE` and what standard output
 * is (a terminal, the journal, a pipe). Throws on an invalid `LOG_FORMAT`. When standard output's
 * reader goes away, whether a log line or anything else written there (a banner, human lines)
 * finds it, `onOutputClosed` runs once: by default the process stops as on SIGTERM.
 */
export function logDestination(env: NodeJS.ProcessEnv = process.env, onOutputClosed: () => void = stopAsOnSigterm): LogDestination | undefined {
  const parsed = logOutputEnv.safeParse(env);
  if (!parsed.success) throw new Error(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
  let told = false;
  const closed = () => {
    if (told) return;
    told = true;
    onOutputClosed();
  };
  watchStandardOutput();
  outputClosedHandlers.add(closed);
  const output = chooseLogOutput(parsed.data, stdoutFacts(env));
  const lines = stdoutLines({ onClosed: closed });
  if (output.stdout === 'json') exitFlushes.add(() => lines.flushSync());
  return destinationFor(output, process.stdout, lines);
}
