// The herd's feed clients, in their own process so their JSON parsing does not share the load
// generator's event loop: each pages GET /v1/members/eligibility in full, without a cursor (as an
// agent does after a restore or a rotated hash key), starting again when done, until the time is
// up (mid-load: the round measures the herd, not its end). Input: one JSON argument; output: `started`, then one JSON line.

interface HerdSpec {
  url: string;
  key: string;
  locationId: string;
  clients: number;
  durationSeconds: number;
}

interface FeedPage {
  data: unknown[];
  next_cursor: string;
  has_more: boolean;
}

const spec = JSON.parse(process.argv[2]!) as HerdSpec;
const deadline = performance.now() + spec.durationSeconds * 1000;
const loadSeconds: number[] = [];
let pages = 0;
let failures = 0;

async function page(cursor: string | undefined): Promise<FeedPage> {
  const query = new URLSearchParams({ location_id: spec.locationId, limit: '1000', ...(cursor !== undefined && { cursor }) });
  const response = await fetch(`${spec.url}/v1/members/eligibility?${query}`, { headers: { authorization: `Bearer ${spec.key}` } });
  if (!response.ok) throw new Error(`feed answered ${response.status}`);
  pages++;
  return (await response.json()) as FeedPage;
}

async function client(): Promise<void> {
  while (performance.now() < deadline) {
    const started = performance.now();
    let cursor: string | undefined;
    try {
      for (;;) {
        const answer = await page(cursor);
        cursor = answer.next_cursor;
        if (!answer.has_more) break;
        if (performance.now() >= deadline) return;
      }
      loadSeconds.push((performance.now() - started) / 1000);
    } catch {
      failures++;
    }
  }
}

const herd = Promise.all(Array.from({ length: spec.clients }, client));
// The runner starts the check-ins on this line: the herd's first pages are already asked for.
process.stdout.write('started\n');
await herd;
const sorted = [...loadSeconds].sort((a, b) => a - b);
const pagesPerSecond = pages / spec.durationSeconds;
process.stdout.write(JSON.stringify({ fullLoads: sorted.length, pages, pagesPerSecond, failures, medianLoadSeconds: sorted[Math.floor(sorted.length / 2)] ?? null }) + '\n');
