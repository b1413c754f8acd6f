import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { get as httpsGet } from 'node:https';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { packageDir } from '../package-dir.js';

/** The server's own command: every `studio` command but `start` (an API-only install has this one). */
export const studioServerBin = join(packageDir('@studio/server'), 'bin/studio-server.js');
/** `studio`, the one-box's command: the server's commands and `start`. */
export const studioBin = join(packageDir('@studio/one-box'), 'bin/studio.js');

export interface CliOutcome {
  code: number;
  stdout: string;
  stderr: string;
}

const execFileAsync = promisify(execFile);

async function runCommand(bin: string, args: string[], env: Record<string, string>): Promise<CliOutcome> {
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, [bin, ...args], { env: { ...process.env, HOST: '127.0.0.1', PORT: '4310', LOG_LEVEL: 'silent', ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as CliOutcome;
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** `studio-server <args>` (the setup commands) as a real process on the database at `databaseUrl`, run to its end. */
export function runStudio(databaseUrl: string, args: string[], env: Record<string, string> = {}): Promise<CliOutcome> {
  return runCommand(studioServerBin, args, { DATABASE_URL: databaseUrl, ...env });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/**
 * Whether an HTTPS server answers at all, whatever its certificate: only to know it is up (no key is
 * sent); a test checks the certificate itself.
 */
function httpsAnswers(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    httpsGet(url, { rejectUnauthorized: false }, (response) => {
      response.resume();
      resolve();
    }).on('error', reject);
  });
}

export interface StudioProcess {
  child: ChildProcess;
  base: string;
  output(): string;
  stop(): Promise<number | null>;
}

/** `studio <args>` (the one-box's command: the server's commands, `setup` and `start`), run to its end. */
export function runOneBoxCommand(args: string[], env: Record<string, string> = {}): Promise<CliOutcome> {
  return runCommand(studioBin, args, env);
}

/**
 * Runs `studio-server serve` (the API server alone) or `studio start` (the one-box) as a real process
 * on a loopback port (a free one unless given: a restart after a crash takes the same port back)
 * and waits until it answers; `base` is https:// when `env` turns TLS on.
 */
export async function startStudio(
  command: 'serve' | 'start',
  databaseUrl: string,
  logLevel = 'warn',
  options: { env?: Record<string, string>; port?: number; args?: string[]; stdin?: boolean } = {},
): Promise<StudioProcess> {
  const port = options.port ?? (await freePort());
  const env = options.env ?? {};
  const child = spawn(process.execPath, [command === 'start' ? studioBin : studioServerBin, command, ...(options.args ?? [])], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: logLevel, ...env },
    // stdin: the one-box's simulated turnstile reads card numbers typed there.
    stdio: [options.stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const https = env.TLS === 'self-signed' || env.TLS_CERT !== undefined;
  const base = `${https ? 'https' : 'http'}://127.0.0.1:${port}/v1`;
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    return exited;
  };
  for (let attempt = 0; attempt < 200; attempt++) {
    if (child.exitCode !== null) throw new Error(`studio ${command} exited: ${output}`);
    try {
      await (https ? httpsAnswers(`${base}/openapi.json`) : fetch(`${base}/openapi.json`));
      return { child, base, output: () => output, stop };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await stop();
  throw new Error(`studio ${command} did not start: ${output}`);
}
