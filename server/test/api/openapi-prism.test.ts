import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { dialects } from '@studio/testkit/server/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { committedDocument, loadFlow, repoRoot, startFlowServer } from './openapi-flow/harness.js';

/** A free loopback port for Prism (it has no "any port" option). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** `prism proxy` validating requests and answers against the committed document, in front of `upstream`. */
async function startPrism(upstream: string): Promise<{ origin: string; log: () => string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(join(repoRoot, 'node_modules/.bin/prism'), ['proxy', committedDocument, upstream, '--host', '127.0.0.1', '--port', String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 30_000;
  while (!output.includes('Prism is listening')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`prism did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    origin: `http://127.0.0.1:${port}`,
    log: () => output,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

describe.each(dialects)('Prism as a validating proxy in front of the server (%s)', (dialect) => {
  let server: Awaited<ReturnType<typeof startFlowServer>>;
  let prism: Awaited<ReturnType<typeof startPrism>>;
  beforeAll(async () => {
    server = await startFlowServer(dialect);
    // Prism routes the document's paths as they are: the upstream carries the /v1 of `servers`.
    prism = await startPrism(`${server.origin}/v1`);
  });
  afterAll(async () => {
    await prism?.stop();
    await server?.close();
  });

  it('sees the whole flow of the generated client, refusals included, with no violation', async () => {
    const violations: string[] = [];
    let answers = 0;
    const runFlow = await loadFlow();
    const steps = await runFlow({
      ...server.input,
      baseUrl: prism.origin,
      onResponse: (response) => {
        answers++;
        const header = response.headers.get('sl-violations');
        if (header) violations.push(`${response.url} ${response.status}: ${header}`);
      },
    });
    expect(steps).toContain('booking cancelled');
    // Events of eleven types, each answer checked against its type's shape in the Event union.
    expect(steps.find((step) => step.startsWith('event types '))?.split(' ').length).toBe(13);
    expect(answers).toBeGreaterThan(30);
    expect(violations).toEqual([]);
    expect(prism.log()).not.toMatch(/violation/i);
  });
});
