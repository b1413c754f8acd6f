import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventTypes, testEventType } from '@studio/shared';
import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './openapi-flow/harness.js';

/**
 * A receiver's handler, written against the types openapi-typescript (default options) generates
 * from the served document: it switches on `type` and reads a field only that type's `data` has.
 * `never` in `default` makes the switch exhaustive, so the union holds exactly these types.
 */
const handler = (contactField: string) => `
import type { components, webhooks } from './schema.js';

/** What a webhook delivers: the body of any entry of \`webhooks\`. */
export type Delivered = { [T in keyof webhooks]: NonNullable<webhooks[T]['post']>['requestBody']['content']['application/json'] }[keyof webhooks];
/** What GET /v1/events lists, every one of which a webhook delivers too. */
export type Listed = components['schemas']['Event'];

export function describeEvent(event: Delivered): string {
  switch (event.type) {
    case 'booking.created':
    case 'booking.rescheduled':
    case 'booking.cancelled':
      return \`\${event.type} at \${event.data.start} (\${event.data.status})\`;
    case 'contact.created':
    case 'contact.updated':
      return \`\${event.type} \${event.data.${contactField}}\`;
    case 'membership.sold':
    case 'membership.status_changed':
      return \`\${event.type} \${event.data.plan_name} \${event.data.status}\`;
    case 'member.checked_in':
      return \`\${event.type} \${event.data.visits_used} \${event.data.kind}\`;
    case 'member.checkin_denied':
      return \`\${event.type} \${event.data.reasons.join(', ')}\`;
    case 'class_attendee.booked':
    case 'class_attendee.cancelled':
    case 'class_attendee.checked_in':
    case 'class_attendee.promoted':
      return \`\${event.type} \${event.data.attendee_id} \${event.data.paid_by}\`;
    case 'class.cancelled':
      return \`\${event.type} \${event.data.service_name} \${event.data.spots_left}\`;
    case 'webhook.test':
      return \`\${event.type} \${event.data.message}\`;
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

export const reconcile = (events: Listed[]): string[] => events.map(describeEvent);
export const signature = (headers: NonNullable<webhooks['booking.created']['post']>['parameters']['header']): string => headers['webhook-signature'];
`;

/**
 * Code of a client generated when request bodies were components (before 2026-11-25,
 * docs/api-changelog.md): it names them, and sets the defaulted fields the types then required.
 */
const earlierClient = `
import type { components } from './schema.js';

type Schemas = components['schemas'];
const location_id = '3f8a2c1e-0b4d-4e6f-8a9b-1c2d3e4f5a6b';
export const booking: Schemas['BookingCreate'] = { location_id, service_id: location_id, contact_id: location_id, start: '2027-01-04T10:00:00Z', source: 'api' };
export const checkIn: Schemas['CheckInRequest'] = { location_id, identifier: 'M-1001', source: 'kiosk' };
export type EarlierBodies = [
  Schemas['BookingCancel'],
  Schemas['BookingReschedule'],
  Schemas['ClassBook'],
  Schemas['ClassCancel'],
  Schemas['ClassCheckIn'],
  Schemas['ContactCreate'],
  Schemas['ContactUpdate'],
  Schemas['ResolveRequest'],
  Schemas['SellMembership'],
  Schemas['VoidVisitRequest'],
];
`;

/** The repository's compiler options (strict, NodeNext), as the generated-client flow is held to. */
function compilerOptions(): ts.CompilerOptions {
  const config = ts.readConfigFile(`${repoRoot}tsconfig.json`, (path) => ts.sys.readFile(path));
  return { ...ts.convertCompilerOptionsFromJson(config.config.compilerOptions, repoRoot).options, noEmit: true };
}

function typecheck(dir: string, files: Record<string, string>): string[] {
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const program = ts.createProgram({ rootNames: Object.keys(files).map((name) => join(dir, name)), options: compilerOptions() });
  return ts.getPreEmitDiagnostics(program).map((d) => `${d.file ? `${d.file.fileName.slice(dir.length + 1)}: ` : ''}${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
}

describe('typed events from the served document, by openapi-typescript with default options', () => {
  let f: Fixture;
  let dir: string;
  let document: { webhooks: Record<string, unknown> };
  beforeAll(async () => {
    // The document is the same on either database (no query makes it): served by one server.
    f = await startFixture('sqlite');
    dir = mkdtempSync(join(tmpdir(), 'typed-events-'));
    const answer = await f.request('GET', '/v1/openapi.json', { key: null });
    expect(answer.status).toBe(200);
    document = answer.body as typeof document;
    writeFileSync(join(dir, 'schema.d.ts'), astToString(await openapiTS(structuredClone(answer.body) as Parameters<typeof openapiTS>[0])));
  });
  afterAll(async () => {
    await f?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('has one webhooks entry per event type, the test event included', () => {
    expect(Object.keys(document.webhooks).sort()).toEqual([...eventTypes, testEventType].sort());
  });

  it('types a handler that switches on the type and reads a field of each data type, exhaustively', () => {
    expect(typecheck(dir, { 'handler.mts': handler('first_name') })).toEqual([]);
  });

  it('refuses a handler reading a field its type has not (a contact has no start)', () => {
    const errors = typecheck(dir, { 'wrong-handler.mts': handler('start') });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^wrong-handler\.mts: Property 'start' does not exist on type '\{ .*first_name: string;/);
  });

  it('still compiles a client written when request bodies were components (BookingCreate, CheckInRequest...)', () => {
    expect(typecheck(dir, { 'earlier-client.mts': earlierClient })).toEqual([]);
  });
});
