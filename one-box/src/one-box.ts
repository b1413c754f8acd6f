import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { rendererBuildCommand } from '@studio/kiosk-ui/renderer-location';
import { apiBaseUrl, type Config } from '@studio/server/src/config.js';
import { isPostgresUrl } from '@studio/server/src/db/open.js';
import type { Db } from '@studio/server/src/db/types.js';
import { createKey } from '@studio/server/src/modules/keys/repository.js';
import { addDemoClassesNow } from '@studio/server/src/modules/setup/demo-day.js';
import { extendDemoTimetable } from '@studio/server/src/modules/setup/demo-timetable.js';
import { seedDemo } from '@studio/server/src/modules/setup/demo.js';
import { authenticate } from '@studio/server/src/plugins/auth.js';
import { createLogger, startServer } from '@studio/server/src/server.js';
import { createStudioClient } from '@studio/shared/client';
import type { Logger } from 'pino';
import { oneBoxAgentSettings, oneBoxLocation, startOneBoxAgent, type OneBoxAgent } from './one-box-agent.js';

/**
 * The demo key is shown once at minting like any key; on a one-box install it is also kept beside
 * the database (mode 600) so every start can print a working curl line.
 */
function keyFile(databaseUrl: string): string | null {
  return isPostgresUrl(databaseUrl) || databaseUrl === ':memory:' ? null : join(dirname(databaseUrl), 'demo-key');
}

async function demoKey(db: Db, companyId: string, file: string | null): Promise<string> {
  if (file && existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    const stillValid = await authenticate(db, `Bearer ${kept}`).then(
      (auth) => auth.companyId === companyId,
      () => false,
    );
    if (stillValid) return kept;
  }
  const { key } = await createKey(db, { companyId, name: 'one-box demo', scopes: 'all', locationIds: 'all' });
  if (file) {
    writeFileSync(file, key + '\n', { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return key;
}

/**
 * Classes now and in the next hours at the kiosk's location, booked through this API with the
 * demo key. A failure is logged: the kiosk then shows whatever the timetable has.
 */
async function prepareKioskDemo(db: Db, companyId: string, base: string, key: string, log: Logger, tlsFingerprint: string | undefined): Promise<void> {
  const client = createStudioClient({ baseUrl: base, apiKey: key, tlsFingerprint });
  try {
    const location = await oneBoxLocation(db, companyId);
    if (!location) return;
    const demoDay = await addDemoClassesNow(db, companyId, location.id, async (classId, contactId) => {
      await client.classes.book(classId, { contact_id: contactId });
    });
    if (demoDay.created) log.info({ classes: demoDay.classIds.length, refused: demoDay.refused, location: location.name }, 'demo classes added now and in the next hours for the kiosk');
  } catch (error) {
    log.warn({ err: error }, 'the demo classes for the kiosk were not added');
  } finally {
    await client.close();
  }
}

export async function startOneBox(config: Config): Promise<void> {
  const log = createLogger(config.logLevel);
  let key = '';
  let seeded = false;
  let companyId = '';
  const { db, tls } = await startServer(config, log, async (db) => {
    const demo = await seedDemo(db);
    // The demo's weekly classes always reach weeks ahead of today, whatever year the box starts in.
    await extendDemoTimetable(db, demo.company_id);
    seeded = demo.created;
    companyId = demo.company_id;
    key = await demoKey(db, demo.company_id, keyFile(config.databaseUrl));
  });
  const base = apiBaseUrl(config);
  const agentSettings = oneBoxAgentSettings();
  if (agentSettings.enabled) await prepareKioskDemo(db, companyId, base, key, log, tls?.fingerprint);
  const agent: OneBoxAgent | null = agentSettings.enabled ? await startOneBoxAgent(db, config, companyId, log, agentSettings, tls?.fingerprint) : null;
  if (agent) {
    // Stopped before the server finishes closing its database: the agent's last calls are to it.
    process.once('SIGTERM', () => void agent.stop());
    process.once('SIGINT', () => void agent.stop());
  }
  process.stdout.write(
    [
      '',
      `  Studio check-in is running at ${base}  (database: ${isPostgresUrl(config.databaseUrl) ? 'postgres' : config.databaseUrl})`,
      seeded ? '  Demo business "Harbour Fitness & Spa" loaded.' : '  Using the existing data.',
      `  API key (all scopes, all locations): ${key}`,
      '',
      `  curl ${tls ? `--cacert ${tls.certFile} ` : ''}-H "Authorization: Bearer ${key}" ${base}/ping`,
      ...(tls ? [`  HTTPS certificate fingerprint (an agent's server.tls_fingerprint): ${tls.fingerprint}`] : []),
      '',
      `  API reference: ${base}/openapi.json   Stop with Ctrl-C.`,
      '',
      ...(agent
        ? [
            `  Simulated turnstile at ${agent.location}: type a card number or member code (e.g. HF-1001) and Enter.`,
            agent.kioskBuilt
              ? `  Class check-in kiosk: ${agent.kiosk}  (open it in a browser; tap a name)`
              : `  Class check-in kiosk: ${agent.kiosk} has no renderer yet: run \`${rendererBuildCommand}\` at the repository root, then open it.`,
            `  Agent health: ${agent.localApi}/health  (STUDIO_AGENT=off to run without it)`,
            '',
          ]
        : []),
    ].join('\n') + '\n',
  );
}
