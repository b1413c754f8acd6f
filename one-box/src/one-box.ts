import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { rendererBuildCommand } from '@studio/kiosk-ui/renderer-location';
import { apiBaseUrl, dataDir, type Config } from '@studio/server/src/config.js';
import { isPostgresUrl } from '@studio/server/src/db/open.js';
import type { Db } from '@studio/server/src/db/types.js';
import { createKey } from '@studio/server/src/modules/keys/repository.js';
import { addDemoClassesNow } from '@studio/server/src/modules/setup/demo-day.js';
import { extendDemoTimetable } from '@studio/server/src/modules/setup/demo-timetable.js';
import { seedDemo } from '@studio/server/src/modules/setup/demo.js';
import { staffAuthSettings } from '@studio/server/src/modules/staff-accounts/settings.js';
import { mintSetupLink } from '@studio/server/src/modules/staff-accounts/setup-link.js';
import { systemClock } from '@studio/server/src/clock/time.js';
import { setupLinkUrl, webAppUrl } from '@studio/server/src/web/setup-link-url.js';
import { authenticate } from '@studio/server/src/plugins/auth.js';
import { createLogger, startServer } from '@studio/server/src/server.js';
import { createStudioClient } from '@studio/shared/client';
import type { Logger } from 'pino';
import { deskWord } from './box-devices.js';
import { keepOutOfGit } from './git-ignored.js';
import { readBoxSettings, writeBoxSettings, type BoxSettings } from './box-settings.js';
import { oneBoxAgentSettings, startOneBoxAgent, type OneBoxAgent } from './one-box-agent.js';

/** The SQLite database's folder; null for Postgres or :memory:, which have no data folder of their own. */
function sqliteDataDir(databaseUrl: string): string | null {
  return isPostgresUrl(databaseUrl) || databaseUrl === ':memory:' ? null : dataDir(databaseUrl);
}

/** The demo's key, kept beside the database (mode 600) for the curl line; null where there is no data folder. */
function demoKeyFile(databaseUrl: string): string | null {
  const dir = sqliteDataDir(databaseUrl);
  return dir === null ? null : join(dir, 'demo-key');
}

/** The kept demo key while it still works; else a new one, which is printed (`minted`) this once. */
async function demoKey(db: Db, companyId: string, file: string | null): Promise<{ key: string; minted: boolean }> {
  if (file && existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    const stillValid = await authenticate(db, `Bearer ${kept}`).then(
      (auth) => auth.companyId === companyId,
      () => false,
    );
    if (stillValid) return { key: kept, minted: false };
  }
  const { key } = await createKey(db, { companyId, name: 'one-box demo', scopes: 'all', locationIds: 'all' });
  if (file) {
    writeFileSync(file, key + '\n', { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return { key, minted: true };
}

/** The demo's first location by name: where the demo's box stands. */
async function demoBoxLocation(db: Db, companyId: string): Promise<string> {
  const first = await db.first(db.qb.selectFrom('locations').select('id').where('company_id', '=', companyId).orderBy('name').limit(1));
  return first!.id;
}

/**
 * Classes now and in the next hours at the kiosk's location, booked through this API with the
 * demo key. A failure is logged: the kiosk then shows whatever the timetable has.
 */
async function prepareKioskDemo(db: Db, box: BoxSettings, base: string, key: string, log: Logger, tlsFingerprint: string | undefined): Promise<void> {
  const client = createStudioClient({ baseUrl: base, apiKey: key, tlsFingerprint });
  try {
    const demoDay = await addDemoClassesNow(db, box.company_id, box.location_id, async (classId, contactId) => {
      await client.classes.book(classId, { contact_id: contactId });
    });
    if (demoDay.created) log.info({ classes: demoDay.classIds.length, refused: demoDay.refused }, 'demo classes added now and in the next hours for the kiosk');
  } catch (error) {
    log.warn({ err: error }, 'the demo classes for the kiosk were not added');
  } finally {
    await client.close();
  }
}

interface Started {
  box: BoxSettings | null;
  /** The box's business by name, for the banner. */
  business: string | null;
  seeded: boolean;
  demoKey: { key: string; minted: boolean } | null;
  /** A one-time link creating the owner account, while the business has no active owner (printed once). */
  ownerSetupLink: string | null;
}

/** The server's address without the API's /v1: where the web app lives. */
function serverBase(config: Config): string {
  return apiBaseUrl(config).replace(/\/v1$/, '');
}

/**
 * Without an active owner nobody can sign in to the web app: each start then mints a link (it
 * works once, for 24 hours) and the banner shows it, as `studio accounts setup-link` would. Only
 * the newest link works (minting ends the one the last start printed) and none once an owner
 * exists, so the links a journal kept from earlier starts are dead; with an owner, no link is minted.
 */
async function ownerSetupLink(db: Db, config: Config, companyId: string): Promise<string | null> {
  const owner = await db.first(db.qb.selectFrom('staff_accounts').select('id').where('company_id', '=', companyId).where('role', '=', 'owner').where('disabled_at', 'is', null).limit(1));
  if (owner) return null;
  const link = await mintSetupLink(db, staffAuthSettings(systemClock), companyId);
  return setupLinkUrl(serverBase(config), link.token);
}

/**
 * The database's side of a start: on an empty data folder (and demo allowed) the demo business is
 * seeded and becomes the box's; a box set up by `studio setup` runs as it is.
 */
async function prepareBox(db: Db, config: Config, allowDemo: boolean): Promise<Started> {
  let box = readBoxSettings(config.databaseUrl);
  // A box set up before its data folder kept itself out of git gets its .gitignore now.
  const ownDir = sqliteDataDir(config.databaseUrl);
  if (box && ownDir !== null) keepOutOfGit(ownDir);
  let seeded = false;
  if (!box && allowDemo) {
    const demo = await seedDemo(db);
    seeded = demo.created;
    box = { company_id: demo.company_id, location_id: await demoBoxLocation(db, demo.company_id), demo: true };
    if (!isPostgresUrl(config.databaseUrl)) writeBoxSettings(config.databaseUrl, box);
  }
  const company = box ? await db.first(db.qb.selectFrom('companies').select('name').where('id', '=', box.company_id)) : null;
  const business = company?.name ?? null;
  const setupLink = box ? await ownerSetupLink(db, config, box.company_id) : null;
  if (!box?.demo) return { box, business, seeded, demoKey: null, ownerSetupLink: setupLink };
  // The demo's weekly classes always reach weeks ahead of today, whatever year the box starts in.
  await extendDemoTimetable(db, box.company_id);
  return { box, business, seeded, demoKey: await demoKey(db, box.company_id, demoKeyFile(config.databaseUrl)), ownerSetupLink: setupLink };
}

/** A path as a person would type it here: relative below the working folder, else absolute. */
function shownPath(path: string): string {
  const below = relative(process.cwd(), path);
  return below === '' ? '.' : below.startsWith('..') || isAbsolute(below) ? resolve(path) : below;
}

/** `cacert`: curl's option naming the self-signed certificate under HTTPS, else empty. */
function keyLines(config: Config, base: string, started: Started, cacert: string): string[] {
  const { box, demoKey: key } = started;
  if (!box) {
    const data = shownPath(dataDir(config.databaseUrl));
    return [
      '  No studio set up here yet. Set up yours (once), then start again:',
      `    studio setup --data ${data} --business "Your studio" --location "Main studio" --timezone Europe/Dublin --country IE`,
      '  (or --import FILE with your whole business: docs/own-studio.md). Or run the demo: `npm start`.',
    ];
  }
  if (!key) return ['  Your studio. Its owner key was shown once, by `studio setup`; mint more with `studio keys create`.'];
  const file = demoKeyFile(config.databaseUrl);
  const where = file ? shownPath(file) : null;
  if (key.minted) {
    return [
      `  API key (all scopes, all locations): ${key.key}`,
      `  (shown this once${where ? `; kept in ${where}, mode 600` : ''})`,
      '',
      `  curl ${cacert}-H "Authorization: Bearer ${key.key}" ${base}/ping`,
    ];
  }
  return where
    ? [`  The demo's API key is in ${where} (shown when it was made).`, '', `  curl ${cacert}-H "Authorization: Bearer $(cat ${where})" ${base}/ping`]
    : ["  The demo's API key was shown when it was made; mint another with `studio keys create`."];
}

/** A card number that is nobody's in the demo, for the desk reader's example. */
const exampleFob = '04A1B2C3D4E5F6';

function deskReaderLine(agent: OneBoxAgent): string {
  const offered = "a member's Enrol card then offers it for two minutes";
  return agent.deskReader === null
    ? `  Front desk reader (simulated), for enrolling cards: type ${deskWord}, a space and the card number${agent.demo ? ` (e.g. ${deskWord} ${exampleFob})` : ''} and Enter; ${offered}.`
    : `  Front desk reader at ${agent.deskReader}${existsSync(agent.deskReader) ? '' : ' (nothing there yet: plug it in, the box keeps looking)'}, for enrolling cards: hold a card to it; ${offered}.`;
}

function agentLines(agent: OneBoxAgent): string[] {
  return [
    `  Front door (simulated turnstile) at ${agent.location}: type a card number or member code${agent.demo ? ' (e.g. HF-1001)' : ''} and Enter.`,
    deskReaderLine(agent),
    agent.kioskBuilt
      ? `  Class check-in kiosk: ${agent.kiosk}  (open it in a browser; tap a name)`
      : `  Class check-in kiosk: ${agent.kiosk} has no renderer yet: run \`${rendererBuildCommand}\` at the repository root, then open it.`,
    `  Agent health: ${agent.localApi}/health  (STUDIO_AGENT=off to run without it)`,
    '',
  ];
}

/**
 * `studio start`: the API server, and at the box's location the front door (a simulated turnstile),
 * the front desk reader (simulated unless `deskReader` names a real one) and the kiosk.
 * `allowDemo`: an empty data folder gets the demo business (`npm start`); without it, the banner
 * names `studio setup` instead.
 */
export async function startOneBox(config: Config, allowDemo = true, deskReader: string | null = null): Promise<void> {
  const log = createLogger(config.logLevel);
  let started: Started = { box: null, business: null, seeded: false, demoKey: null, ownerSetupLink: null };
  const { db, tls } = await startServer(config, log, async (db) => {
    started = await prepareBox(db, config, allowDemo);
  });
  const { box } = started;
  const base = apiBaseUrl(config);
  const agentSettings = oneBoxAgentSettings(process.env, deskReader);
  if (agentSettings.enabled && box?.demo && started.demoKey) await prepareKioskDemo(db, box, base, started.demoKey.key, log, tls?.fingerprint);
  const agent: OneBoxAgent | null = agentSettings.enabled && box ? await startOneBoxAgent(db, config, box, log, agentSettings, tls?.fingerprint) : null;
  if (agent) {
    // Stopped before the server finishes closing its database: the agent's last calls are to it.
    process.once('SIGTERM', () => void agent.stop());
    process.once('SIGINT', () => void agent.stop());
  }
  process.stdout.write(
    [
      '',
      `  Studio check-in is running at ${base}  (database: ${isPostgresUrl(config.databaseUrl) ? 'postgres' : config.databaseUrl})`,
      ...(started.business ? [started.seeded ? `  Demo business "${started.business}" loaded.` : `  Business: "${started.business}"${box?.demo ? ' (the demo)' : ''}.`] : []),
      ...keyLines(config, base, started, tls ? `--cacert ${shownPath(tls.certFile)} ` : ''),
      ...(tls ? [`  HTTPS certificate fingerprint (an agent's server.tls_fingerprint): ${tls.fingerprint}`] : []),
      '',
      `  Web app (staff): ${webAppUrl(serverBase(config))}`,
      ...(started.ownerSetupLink ? [`  Open ${started.ownerSetupLink} to create the owner account (works once, for 24 hours).`] : []),
      '',
      `  API reference: ${base}/openapi.json   Stop with Ctrl-C.`,
      '',
      ...(agent ? agentLines(agent) : []),
    ].join('\n') + '\n',
  );
}
