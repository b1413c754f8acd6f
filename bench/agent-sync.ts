// The agent's sync, in its own process so its RSS is the agent's: `feed` loads the eligibility
// feed in full, then (after a line on stdin) the delta; `drain` delivers an outbox of offline
// visits. Input: the mode and one JSON argument; output: JSON lines.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { createStudioClient } from '@studio/shared/client';
import { pino } from 'pino';
import { EligibilityCache } from '../agent/src/eligibility/cache.js';
import { syncFeed } from '../agent/src/eligibility/feed-sync.js';
import { GateStore } from '../agent/src/gate/gate-store.js';
import { drainVisits } from '../agent/src/gate/visit-drain.js';
import { ServerContact } from '../agent/src/link/server-contact.js';
import { openAgentDatabase } from '../agent/src/store/database.js';

interface Input {
  serverUrl: string;
  key: string;
  locationId: string;
  storePath: string;
  /** drain: a JSON file of membership ids, one offline visit each. */
  membershipsFile?: string;
}

const [mode, json] = process.argv.slice(2);
const input = JSON.parse(json!) as Input;
const logger = pino({ level: 'silent' });
const now = () => new Date();
const client = createStudioClient({ baseUrl: `${input.serverUrl}/v1`, apiKey: input.key, timeoutMs: 60_000 });
const db = openAgentDatabase(input.storePath);
const store = { db, cache: new EligibilityCache(db), outbox: new GateStore(db).outbox, close: () => db.close() };
const contact = new ServerContact(now);
const print = (value: unknown) => process.stdout.write(JSON.stringify(value) + '\n');
const rssMb = () => process.resourceUsage().maxRSS / 1024;
const seconds = (since: bigint) => Number(process.hrtime.bigint() - since) / 1e9;

if (mode === 'feed') {
  const sync = () => syncFeed({ server: client.members, cache: store.cache, contact, locationId: input.locationId, pageLimit: 1000, logger, now });
  let t0 = process.hrtime.bigint();
  await sync();
  print({ stage: 'full', rows: store.cache.rowCount(), seconds: seconds(t0), peakRssMb: rssMb() });
  // The runner changes memberships on the server, then asks for the delta.
  for await (const _ of createInterface({ input: process.stdin })) break;
  t0 = process.hrtime.bigint();
  await sync();
  print({ stage: 'delta', rows: store.cache.rowCount(), seconds: seconds(t0), peakRssMb: rssMb() });
} else if (mode === 'drain') {
  const memberships = JSON.parse(readFileSync(input.membershipsFile!, 'utf8')) as string[];
  const at = new Date(Date.now() - 3600_000).toISOString();
  store.db.transaction(() => {
    for (const membershipId of memberships) {
      store.outbox.add({ idempotency_key: randomUUID(), membership_id: membershipId, location_id: input.locationId, device_id: 'bench-drain', checked_in_at: at, online_attempted: false }, now());
    }
  })();
  const t0 = process.hrtime.bigint();
  const cpu0 = process.cpuUsage();
  while (!(await drainVisits({ server: client.members, outbox: store.outbox, cache: store.cache, contact, logger, now }))) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const elapsed = seconds(t0);
  const cpu = process.cpuUsage(cpu0);
  const depth = store.outbox.depth();
  print({
    stage: 'drain',
    visits: memberships.length,
    sent: depth.sent,
    rejected: depth.rejected,
    seconds: elapsed,
    perSecond: memberships.length / elapsed,
    cpuUsPerVisit: (cpu.user + cpu.system) / memberships.length,
    peakRssMb: rssMb(),
  });
}
store.close();
await client.close();
