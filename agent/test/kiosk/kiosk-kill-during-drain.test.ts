import { startAgentProcess, writeAgentConfig, type AgentProcess } from '@studio/testkit/agent/agent-process';
import { startStudioServer, type StudioServer } from '@studio/testkit/agent/studio-server';
import { tempDir } from '@studio/testkit/agent/test-agent';
import { classBuilder } from '@studio/testkit/server/classes';
import { freePort } from '@studio/testkit/server/processes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const members = 6;
const answeredBeforeKill = 2;

/**
 * The kiosk outbox's promise under the worst crash: a real `studio-agent --simulate` process (its
 * stdin is the kiosk's reader) checks members into class offline, is SIGKILLed while the server
 * holds some of the check-ins and one more was recorded but never marked sent, and after a restart
 * the server holds each check-in exactly once.
 */
describe('studio-agent with a kiosk killed in the middle of its class check-in drain', () => {
  let studio: StudioServer;
  let temp: ReturnType<typeof tempDir>;
  let agent: AgentProcess | null = null;
  const poll = { timeout: 30_000, interval: 100 };

  beforeAll(async () => {
    studio = await startStudioServer();
    temp = tempDir();
  });
  afterAll(async () => {
    agent?.child.kill('SIGKILL');
    await studio.close();
    temp.remove();
  });

  it('delivers every offline class check-in exactly once after a SIGKILL and a restart', async () => {
    const c = classBuilder(studio.f);
    const serviceId = await c.service({ locationId: studio.locationId });
    const classId = await c.classAt(new Date(Date.now() + 10 * 60_000).toISOString(), { serviceId, locationId: studio.locationId, capacity: 20 });
    const cards = Array.from({ length: members }, (_, i) => String(3500000001 + i));
    const booked = await Promise.all(cards.map((card) => c.member({ locationId: studio.locationId, cards: [{ value: card }] })));
    for (const member of booked) expect((await c.book(classId, member.contactId)).status).toBe(201);
    const roster = async () => (await studio.f.request('GET', `/v1/classes/${classId}`)).body.roster as { contact_id: string; status: string }[];
    const classVisits = (membershipId: string) => studio.f.db.all(studio.f.db.qb.selectFrom('visits').select(['kind', 'offline', 'device_id']).where('membership_id', '=', membershipId));

    const port = await freePort();
    const apiKey = await studio.deviceKey('kill-test-kiosk', 'kiosk');
    const configFile = writeAgentConfig(temp.dir, {
      version: 1,
      server: { url: studio.proxy.url },
      location_id: studio.locationId,
      device_id: 'kill-test-kiosk',
      devices: { readers: [{ id: 'kiosk-reader', driver: 'stdin' }] },
      kiosk: { enabled: true, reader: 'kiosk-reader', refresh_s: 0.2 },
      sync: { feed_interval_s: 0.2, drain_interval_s: 0.2, max_backoff_s: 0.5 },
      store: { path: 'agent.db' },
      local_api: { port },
      log_level: 'info',
    });
    const env = { STUDIO_AGENT_KEY: apiKey };
    const local = `http://127.0.0.1:${port}`;

    // 1. Online long enough to cache the eligibility feed, the timetable and the roster.
    agent = startAgentProcess(configFile, port, env);
    await expect.poll(async () => (await agent!.health())?.cache.synced_at ?? null, poll).not.toBeNull();
    await expect
      .poll(async () => ((await (await fetch(`${local}/kiosk/api/class?id=${classId}`).catch(() => null))?.json()) as { roster?: unknown[] } | undefined)?.roster?.length, poll)
      .toBe(members);

    // 2. The server goes away; every member scans in at the kiosk, from the cache.
    await studio.proxy.down();
    for (const card of cards) agent.scan(card);
    await expect.poll(async () => (await agent!.health())?.kiosk?.outbox.pending, poll).toBe(members);
    for (const card of cards) expect(agent.output()).not.toContain(card);

    // 3. The server returns and answers only the first check-ins; the next one is recorded and its answer held. Kill there.
    studio.proxy.holdCheckInsAfter(answeredBeforeKill);
    await studio.proxy.up();
    await expect.poll(() => studio.proxy.held, poll).toBe(1);
    agent.child.kill('SIGKILL');
    await agent.exited;
    const heldBeforeRestart = (await roster()).filter((r) => r.status === 'checked_in').length;
    expect(heldBeforeRestart).toBe(answeredBeforeKill + 1);

    // 4. Restart on the same database: the rest is delivered, the recorded-but-unmarked one replayed.
    studio.proxy.passAll();
    agent = startAgentProcess(configFile, port, env);
    await expect.poll(async () => (await agent!.health())?.kiosk?.outbox.pending, poll).toBe(0);
    expect((await agent.health())!.kiosk!.outbox).toMatchObject({ pending: 0, rejected: 0, sent: members });
    expect((await roster()).map((r) => r.status)).toEqual(Array(members).fill('checked_in'));
    for (const member of booked) expect(await classVisits(member.membershipId)).toEqual([{ kind: 'class', offline: 1, device_id: 'kill-test-kiosk' }]);

    agent.child.kill('SIGTERM');
    expect(await agent.exited).toBe(0);
    agent = null;
  });
});
