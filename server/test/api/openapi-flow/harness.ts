import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freshDatabase, type DialectName } from '@studio/testkit/server/databases';
import openapiTS, { astToString } from 'openapi-typescript';
import { buildApp } from '../../../src/app.js';
import { openDatabase } from '../../../src/db/dialects/open.js';
import { createDeviceKey, createKey } from '../../../src/modules/keys/repository.js';
import { demoCompanyId, seedDemo } from '../../../src/modules/setup/demo.js';
import { demo } from '../../helpers/demo-bookings.js';

export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
export const committedDocument = join(repoRoot, 'docs/openapi.json');
export const flowSource = fileURLToPath(new URL('./flow.mts', import.meta.url));

/** The input and outcome of `runFlow` in flow.mts, which the repository's typecheck never sees (it needs generated types). */
export interface FlowInput {
  baseUrl: string;
  apiKey: string;
  /** Device keys at the location (issue 29): a turnstile's (`flow-gate`) and a desk reader's (`flow-desk`). */
  gateKey: string;
  deskKey: string;
  locationId: string;
  appointmentServiceId: string;
  classId: string;
  onResponse?: (response: Response) => void;
}
type RunFlow = (input: FlowInput) => Promise<string[]>;

export async function loadFlow(): Promise<RunFlow> {
  const module = (await import(flowSource)) as { runFlow: RunFlow };
  return module.runFlow;
}

/**
 * Types generated from the committed document with openapi-typescript's default options, beside a
 * copy of the flow, in a directory under node_modules so `openapi-fetch` resolves from it.
 */
export async function generateClientBeside(): Promise<{ dir: string; flow: string }> {
  const cache = join(repoRoot, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'openapi-flow-'));
  const ast = await openapiTS(JSON.parse(readFileSync(committedDocument, 'utf8')));
  writeFileSync(join(dir, 'schema.d.ts'), astToString(ast));
  const flow = join(dir, 'flow.mts');
  copyFileSync(flowSource, flow);
  return { dir, flow };
}

/** Every operation of the document, as `METHOD /path`. */
export function documentOperations(): string[] {
  const document = JSON.parse(readFileSync(committedDocument, 'utf8')) as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
}

/** The operations flow.mts calls: `client.GET('/path'` (or a device's `gateClient.POST('/path'`). */
export function flowOperations(): Set<string> {
  const source = readFileSync(flowSource, 'utf8');
  return new Set([...source.matchAll(/[cC]lient\.(GET|POST|PATCH|PUT|DELETE)\(\s*'([^']+)'/g)].map(([, method, path]) => `${method} ${path}`));
}

/**
 * The real server on loopback with the demo business, a fresh key of it, and a class ten minutes
 * from now at the demo's Brooklyn location (the server's own clock decides what "now" is).
 */
export async function startFlowServer(dialect: DialectName) {
  const database = await freshDatabase(dialect);
  const db = await openDatabase(database.url);
  await seedDemo(db);
  const { key } = await createKey(db, { companyId: demoCompanyId, scopes: 'all', locationIds: 'all' });
  const device = async (deviceId: string, kind: 'turnstile' | 'desk_reader') => (await createDeviceKey(db, { companyId: demoCompanyId, locationId: demo.brooklyn, deviceId, kind })).key;
  const [gateKey, deskKey] = [await device('flow-gate', 'turnstile'), await device('flow-desk', 'desk_reader')];
  const classService = await db.first(db.qb.selectFrom('services').select('id').where('company_id', '=', demoCompanyId).where('location_id', '=', demo.brooklyn).where('kind', '=', 'class'));
  const classId = randomUUID();
  // Soon enough to be inside any class check-in window, late enough to be booked.
  const start = Date.now() + 10 * 60_000;
  await db.run(
    db.qb.insertInto('classes').values({
      id: classId,
      company_id: demoCompanyId,
      location_id: demo.brooklyn,
      service_id: classService!.id,
      staff_id: null,
      room_id: null,
      series_id: null,
      start_at: new Date(start).toISOString(),
      end_at: new Date(start + 3600_000).toISOString(),
      capacity: 10,
      status: 'scheduled',
      created_at: new Date().toISOString(),
    }),
  );
  const app = await buildApp({ db });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    origin,
    input: { baseUrl: `${origin}/v1`, apiKey: key, gateKey, deskKey, locationId: demo.brooklyn, appointmentServiceId: demo.swedishMassage, classId },
    async close() {
      await app.close();
      await db.close();
      await database.drop();
    },
  };
}
