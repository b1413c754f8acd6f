import { mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { humanLogLine } from './human-line.js';
import { chooseLogOutput, logOutputEnv, stdoutFacts, type LogOutput } from './output.js';

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

/** The destination for a choice of `chooseLogOutput`; undefined: JSON lines to standard output, pino's own default. */
export function destinationFor(output: LogOutput, stdout: Writer = process.stdout): LogDestination | undefined {
  const targets: LogDestination[] = [];
  if (output.file !== null) targets.push(fileDestination(output.file));
  if (output.stdout === 'human') targets.push(humanDestination(stdout));
  if (targets.length <= 1) return targets[0];
  return { write: (line) => targets.forEach((target) => target.write(line)) };
}

/**
 * The log destination for this process: from `LOG_FORMAT` and `LOG_FILE` and what standard output
 * is (a terminal, the journal, a pipe). Throws on an invalid `LOG_FORMAT`.
 */
export function logDestination(env: NodeJS.ProcessEnv = process.env): LogDestination | undefined {
  const parsed = logOutputEnv.safeParse(env);
  if (!parsed.success) throw new Error(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
  return destinationFor(chooseLogOutput(parsed.data, stdoutFacts(env)));
}
