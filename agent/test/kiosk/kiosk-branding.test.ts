import type { LocationBranding } from '@studio/shared';
import { ApiRequestError, NetworkError } from '@studio/shared/client';
import type { KioskStatus } from '@studio/shared/kiosk';
import { startKioskStack } from '@studio/testkit/kiosk/kiosk-stack';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EligibilityCache } from '../../src/eligibility/cache.js';
import type { KioskServer } from '../../src/kiosk/kiosk-server.js';
import { KioskStore } from '../../src/kiosk/store/kiosk-store.js';
import { brandingRefreshMs, TimetableSync } from '../../src/kiosk/timetable-sync.js';
import { ServerContact } from '../../src/link/server-contact.js';
import { ServerLink } from '../../src/link/server-link.js';
import { openAgentDatabase, type AgentDatabase } from '../../src/store/database.js';
import { kioskGet } from '../helpers/kiosk-http.js';
import { readEvents } from '../helpers/sse.js';

const locationId = '5a0c9e4e-4a4b-4c1e-9d7e-1f2a3b4c5d6e';
const orange: LocationBranding = { logo: 'data:image/png;base64,iVBORw0KGgo=', accent_colour: '#e8590c', language: 'es' };
const context = { method: 'GET', path: `/locations/${locationId}/branding`, attempts: 1 };
const refusal = (status: number, code: string) =>
  new ApiRequestError(code, { status, type: 'invalid_request_error', code, param: undefined, requestId: undefined, reasons: undefined, retryAfterMs: undefined }, context);

/** The branding step of the kiosk's sync, with the server scripted and the clock in the test's hands. */
describe('the kiosk branding sync', () => {
  let db: AgentDatabase;
  let clock: Date;
  let answer: () => Promise<LocationBranding>;
  let asked: number;
  let changes: number;
  let store: KioskStore;
  let sync: TimetableSync;

  beforeEach(() => {
    db = openAgentDatabase(':memory:');
    clock = new Date('2026-07-01T09:00:00.000Z');
    asked = 0;
    changes = 0;
    answer = async () => orange;
    const server = {
      locations: {
        list: async () => ({ data: [] }),
        branding: async () => {
          asked++;
          return answer();
        },
      },
      classes: { all: async function* () {} },
    } as unknown as KioskServer;
    store = new KioskStore(db);
    sync = new TimetableSync({
      link: new ServerLink(server, new ServerContact(() => clock)),
      store,
      eligibility: new EligibilityCache(db),
      locationId,
      horizonHours: 3,
      logger: pino({ level: 'silent' }),
      now: () => clock,
      onBrandingChanged: () => changes++,
    });
  });
  afterEach(() => db.close());

  it('keeps what the server answered, and says so only when it changed', async () => {
    expect(store.timetable.state().branding).toBeNull();
    await sync.fetchBranding(1000);
    expect(store.timetable.state().branding).toEqual(orange);
    await sync.fetchBranding(1000);
    expect(changes).toBe(1);
    answer = async () => ({ ...orange, language: 'en' });
    await sync.fetchBranding(1000);
    expect(store.timetable.state().branding).toEqual({ ...orange, language: 'en' });
    expect(changes).toBe(2);
  });

  it('asks at the first refresh, then not again before its interval', async () => {
    await sync.refreshAll();
    await sync.refreshAll();
    expect(asked).toBe(1);
    clock = new Date(clock.getTime() + brandingRefreshMs - 1000);
    await sync.refreshAll();
    expect(asked).toBe(1);
    clock = new Date(clock.getTime() + 1000);
    await sync.refreshAll();
    expect(asked).toBe(2);
  });

  it('keeps the cached branding when the server refuses (no read:catalog, an older server), and throws when it does not answer', async () => {
    await sync.fetchBranding(1000);
    for (const error of [refusal(403, 'insufficient_scope'), refusal(404, 'route_not_found')]) {
      answer = () => Promise.reject(error);
      await expect(sync.fetchBranding(1000)).resolves.toBeUndefined();
      expect(store.timetable.state().branding).toEqual(orange);
    }
    answer = () => Promise.reject(new NetworkError('network_error', 'refused', context));
    await expect(sync.fetchBranding(1000)).rejects.toBeInstanceOf(NetworkError);
    expect(store.timetable.state().branding).toEqual(orange);
  });
});

describe('the kiosk status on the real server', () => {
  it("carries the location's branding from the server, and streams a change as a status event", async () => {
    const stack = await startKioskStack({ jobs: 'manual' });
    try {
      const status = (await kioskGet(stack, '/kiosk/api/status')).body as KioskStatus;
      expect(status.branding).toEqual({ logo: null, accent_colour: '#1c7ed6', language: 'en' });

      const { db } = stack.studio.f;
      await db.run(
        db.qb
          .updateTable('locations')
          .set({ settings: JSON.stringify({ branding: orange }) })
          .where('id', '=', stack.studio.locationId),
      );
      const events = await fetch(`${stack.localApiUrl}/kiosk/api/events`, { headers: { accept: 'text/event-stream' } });
      const streamed = readEvents(events.body!, 'status', 1);
      // The agent asked at start; a fresh ask (as after its interval) brings the change.
      await stack.agent.kiosk!.sync.fetchBranding(2000);
      expect(((await streamed)[0] as KioskStatus).branding).toEqual(orange);
      expect(((await kioskGet(stack, '/kiosk/api/status')).body as KioskStatus).branding).toEqual(orange);
    } finally {
      await stack.close();
    }
  });
});
