// The herd's feed clients, in their own process so their JSON parsing does not share the load
// generator's event loop: each pages GET /v1/members/eligibility in full, without a cursor (as an
// agent does after a restore or a rotated hash key), and starts again until the time is up.
// Input: one JSON argument; output: one JSON line.

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
      }
      loadSeconds.push((performance.now() - started) / 1000);
    } catch {
      failures++;
    }
  }
}

await Promise.all(Array.from({ length: spec.clients }, client));
const sorted = [...loadSeconds].sort((a, b) => a - b);
process.stdout.write(JSON.stringify({ fullLoads: sorted.length, pages, failures, medianLoadSeconds: sorted[Math.floor(sorted.length / 2)] ?? null }) + '\n');
