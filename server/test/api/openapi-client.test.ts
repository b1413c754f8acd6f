import { rmSync } from 'node:fs';
import { dialects } from '@studio/testkit/server/databases';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentOperations, flowOperations, generateClientBeside, loadFlow, repoRoot, startFlowServer } from './openapi-flow/harness.js';

/** The repository's compiler options (strict, NodeNext), so the flow is held to what the project's own code is. */
function compilerOptions(): ts.CompilerOptions {
  const config = ts.readConfigFile(`${repoRoot}tsconfig.json`, (path) => ts.sys.readFile(path));
  return { ...ts.convertCompilerOptionsFromJson(config.config.compilerOptions, repoRoot).options, noEmit: true };
}

describe('a client generated from docs/openapi.json by openapi-typescript (default options)', () => {
  let generated: { dir: string; flow: string };
  beforeAll(async () => {
    generated = await generateClientBeside();
  });
  afterAll(() => rmSync(generated.dir, { recursive: true, force: true }));

  it('is called for every operation of the document by the flow (add a call to flow.mts for a new operation)', () => {
    const called = flowOperations();
    const missing = documentOperations().filter((operation) => !called.has(operation));
    expect(missing, 'operations flow.mts never calls').toEqual([]);
  });

  it('typechecks the whole flow with no error', () => {
    const program = ts.createProgram({ rootNames: [generated.flow], options: compilerOptions() });
    const errors = ts.getPreEmitDiagnostics(program).map((d) => {
      const where = d.file ? `${d.file.fileName.slice(generated.dir.length + 1)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}` : '';
      return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    });
    expect(errors).toEqual([]);
  });
});

describe.each(dialects)("the generated client's flow against the real server (%s)", (dialect) => {
  let server: Awaited<ReturnType<typeof startFlowServer>>;
  beforeAll(async () => {
    server = await startFlowServer(dialect);
  });
  afterAll(() => server.close());

  it('runs every step, a booking cancelled with no body among them', async () => {
    const runFlow = await loadFlow();
    const steps = await runFlow(server.input);
    expect(steps).toContain('booking cancelled');
    expect(steps).toContain('location day true true');
    expect(steps).toContain('desk scan hex');
    expect(steps).toContain('heartbeat flow-gate');
    expect(steps).toContain('refusal resource_missing');
    expect(steps).toContain('webhooks true true true true true');
    expect(steps.find((s) => s.startsWith('class '))).toMatch(/^class \d+ false checked_in \d+ 2$/);
    expect(steps).toContain('class restore true 0');
    expect(steps).toContain('events booking.cancelled live true');
    expect(steps).toContain(
      'event types booking.cancelled booking.created booking.rescheduled class_attendee.booked class_attendee.cancelled class_attendee.checked_in contact.created contact.updated member.checked_in member.checkin_denied membership.sold',
    );
  });
});
