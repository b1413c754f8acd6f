import { Writable } from 'node:stream';
import { createAgent, type Agent } from '@studio/agent/src/agent.js';
import type { KioskConfig } from '@studio/agent/src/config/kiosk.js';
import { createAgentLogger } from '@studio/agent/src/runtime/logger.js';
import { builtRendererDir } from '@studio/kiosk-ui/renderer-location';
import type { KioskAnswer } from '@studio/shared/kiosk';
import { FakeReader } from '../agent/fake-devices.js';
import { startStudioServer, type StudioServer } from '../agent/studio-server.js';
import { agentConfig, tempDir } from '../agent/test-agent.js';
import { classBuilder } from '../server/classes.js';

/** A seeded member: a card to scan, and what the kiosk shows of them. */
export interface SeededMember {
  contactId: string;
  membershipId: string;
  card: string;
  displayName: string;
  lastName: string;
}

export interface KioskSeed {
  /** Starts in 10 minutes: open for check-in now. Vera and Paul (past due) hold spots; one spot is free. */
  openClass: { id: string; name: string };
  /** Starts in 2 hours: on the timetable, not open for a scan yet. Olga holds a spot. */
  laterClass: { id: string; name: string };
  members: { vera: SeededMember; paul: SeededMember; wendy: SeededMember; olga: SeededMember };
}

export interface KioskStack {
  /** The renderer, served by the agent: open it in a browser. */
  kioskUrl: string;
  /** The agent's local API base (`/kiosk/api/...`, `/health`). */
  localApiUrl: string;
  /** The API server's base, behind the switchable proxy. */
  apiUrl: string;
  seed: KioskSeed;
  /** The agent's key (all it needs: check-in, classes, catalog, at the one location), to prove it never leaks. */
  apiKey: string;
  agent: Agent;
  studio: StudioServer;
  /** A card at the kiosk's (simulated) reader; resolves with the answer the kiosk streams as `answer`. */
  scan(identifier: string): Promise<KioskAnswer | null>;
  /** The server goes away (connections refused) and comes back, same address, same data. */
  stopServer(): Promise<void>;
  startServer(): Promise<void>;
  /** Eligibility feed, timetable and rosters, and the kiosk's outbox, each once now. */
  syncNow(): Promise<void>;
  /** The class's roster as the server holds it. */
  serverRoster(classId: string): Promise<{ contact_id: string; status: string; checked_in_at: string | null }[]>;
  /** Everything the agent logged, one JSON line each. */
  logs(): string;
  close(): Promise<void>;
}

export interface KioskStackOptions {
  /** `live` (default): the agent's jobs run on their own every second or two, as a browser test wants; `manual`: only `syncNow()`. */
  jobs?: 'live' | 'manual';
  kiosk?: Partial<KioskConfig>;
  logLevel?: string;
}

const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();

async function seedClasses(studio: StudioServer): Promise<KioskSeed> {
  const { f } = studio;
  const c = classBuilder(f);
  const serviceId = await c.service({ locationId: studio.locationId });
  await f.db.run(f.db.qb.updateTable('services').set({ name: 'Morning Flow' }).where('id', '=', serviceId));
  const openId = await c.classAt(minutes(10), { serviceId, locationId: studio.locationId, capacity: 3 });
  const laterId = await c.classAt(minutes(120), { serviceId, locationId: studio.locationId, capacity: 10 });
  const member = async (first: string, last: string, card: string, status = 'active'): Promise<SeededMember> => {
    const built = await c.member({ locationId: studio.locationId, firstName: first, status, cards: [{ value: card }] });
    await f.db.run(f.db.qb.updateTable('contacts').set({ last_name: last }).where('id', '=', built.contactId));
    return { contactId: built.contactId, membershipId: built.membershipId, card, displayName: `${first} ${last[0]}.`, lastName: last };
  };
  const members = {
    vera: await member('Vera', 'Kowalski', '3000000101'),
    paul: await member('Paul', 'Brandt', '3000000102', 'past_due'),
    wendy: await member('Wendy', 'Marsh', '3000000103'),
    olga: await member('Olga', 'Novak', '3000000104'),
  };
  for (const [classId, who] of [
    [openId, members.vera],
    [openId, members.paul],
    [laterId, members.olga],
  ] as const) {
    const booked = await c.book(classId, who.contactId);
    if (booked.status !== 201) throw new Error(`seeding the kiosk: booking failed: ${JSON.stringify(booked.body)}`);
  }
  return { openClass: { id: openId, name: 'Morning Flow' }, laterClass: { id: laterId, name: 'Morning Flow' }, members };
}

/**
 * Real server + real agent with the kiosk (serving kiosk-ui's built renderer) + a simulated kiosk
 * reader, all on loopback, for the agent's kiosk tests, the browser tests (kiosk-ui) and the bench:
 *
 *   const stack = await startKioskStack();
 *   await page.goto(stack.kioskUrl);             // the renderer served by the agent
 *   await stack.scan(stack.seed.members.paul.card); // the front-desk message for a past-due member
 *   await stack.stopServer(); ... await stack.startServer(); await stack.syncNow();
 *   await stack.close();
 */
export async function startKioskStack(options: KioskStackOptions = {}): Promise<KioskStack> {
  const studio = await startStudioServer();
  const temp = tempDir();
  let logged = '';
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logged += String(chunk);
      done();
    },
  });
  try {
    const seed = await seedClasses(studio);
    const apiKey = await studio.deviceKey('front-kiosk', 'kiosk');
    const live = (options.jobs ?? 'live') === 'live';
    const reader = new FakeReader('kiosk-reader');
    const config = agentConfig(`${temp.dir}/agent.db`, {
      server: { url: studio.proxy.url, api_key: apiKey },
      location_id: studio.locationId,
      device_id: 'front-kiosk',
      lanes: [],
      local_api: { enabled: true, host: '127.0.0.1', port: 0 },
      sync: live ? { feed_interval_s: 2, drain_interval_s: 1, max_backoff_s: 2, page_limit: 1000 } : { feed_interval_s: 3600, drain_interval_s: 3600, max_backoff_s: 3600, page_limit: 1000 },
      kiosk: { enabled: true, reader: 'kiosk-reader', horizon_hours: 3, refresh_s: live ? 2 : 3600, checkin_opens_min: 30, online_budget_ms: 1500, renderer_dir: builtRendererDir, ...options.kiosk },
    });
    const agent = createAgent(config, {
      logger: createAgentLogger(options.logLevel ?? 'info', sink),
      devices: { readers: [reader], relays: [], sensors: [] },
    });
    await agent.start();
    const syncNow = async () => {
      await agent.syncFeedNow();
      await agent.kiosk!.refreshNow();
      await agent.kiosk!.drainNow();
    };
    await syncNow();
    const localApiUrl = `http://127.0.0.1:${agent.localApi!.address()!.port}`;
    return {
      kioskUrl: `${localApiUrl}/kiosk/`,
      localApiUrl,
      apiUrl: studio.proxy.url,
      seed,
      apiKey,
      agent,
      studio,
      scan: (identifier) =>
        new Promise((resolve) => {
          const off = agent.bus.on('kiosk-answer', (answer) => {
            off();
            resolve(answer);
          });
          reader.present(identifier);
        }),
      stopServer: () => studio.proxy.down(),
      startServer: () => studio.proxy.up(),
      syncNow,
      serverRoster: async (classId) => (await studio.f.request('GET', `/v1/classes/${classId}`)).body.roster,
      logs: () => logged,
      async close() {
        await agent.stop();
        await studio.close();
        temp.remove();
      },
    };
  } catch (error) {
    await studio.close();
    temp.remove();
    throw error;
  }
}
