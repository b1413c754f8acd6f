import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HealthReport } from '@studio/agent/src/health.js';
import { packageDir } from '../package-dir.js';

export const agentBin = join(packageDir('@studio/agent'), 'bin/studio-agent.js');

/** Writes a config file for a child agent and answers its path. */
export function writeAgentConfig(dir: string, config: Record<string, unknown>): string {
  const file = join(dir, 'agent.json');
  writeFileSync(file, JSON.stringify(config, null, 2));
  return file;
}

export interface AgentProcess {
  child: ChildProcess;
  output(): string;
  /** Types one identifier on the simulated reader. */
  scan(identifier: string): void;
  health(): Promise<HealthReport | null>;
  exited: Promise<number | null>;
}

/**
 * `node agent/bin/studio-agent.js --config <file> --simulate` as a real process; with
 * `simulate: false`, on the devices the config names (pty readers and relays, say).
 */
export function startAgentProcess(configFile: string, localApiPort: number, env: Record<string, string> = {}, options: { simulate?: boolean } = {}): AgentProcess {
  const child = spawn(process.execPath, [agentBin, '--config', configFile, ...(options.simulate === false ? [] : ['--simulate'])], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, NOTIFY_SOCKET: '', ...env },
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    scan: (identifier) => child.stdin!.write(`${identifier}\n`),
    health: async () => {
      try {
        return (await (await fetch(`http://127.0.0.1:${localApiPort}/health`)).json()) as HealthReport;
      } catch {
        return null;
      }
    },
    exited,
  };
}
