import { LocationBranding } from '@studio/shared';
import { dialects } from '@studio/testkit/server/databases';
import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const logo = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe.each(dialects)('GET /v1/locations/:id/branding (%s)', (dialect) => {
  let f: Fixture;
  beforeAll(async () => {
    f = await startFixture(dialect);
  });
  afterAll(async () => {
    await f?.close();
  });

  it('answers the defaults for a location that never set its branding', async () => {
    const { status, body } = await f.request('GET', `/v1/locations/${f.acme.us.id}/branding`);
    expect(status).toBe(200);
    expect(body).toEqual({ logo: null, accent_colour: '#1c7ed6', language: 'en' });
    expect(LocationBranding.parse(body)).toEqual(body);
  });

  it("answers what the location's settings hold, and keeps the other settings out", async () => {
    const settings = { classes: { signup_cutoff_minutes: 5 }, branding: { logo, accent_colour: '#e8590c', language: 'es' } };
    await f.db.run(
      f.db.qb
        .updateTable('locations')
        .set({ settings: JSON.stringify(settings) })
        .where('id', '=', f.acme.gb.id),
    );
    const { status, body } = await f.request('GET', `/v1/locations/${f.acme.gb.id}/branding`);
    expect(status).toBe(200);
    expect(body).toEqual({ logo, accent_colour: '#e8590c', language: 'es' });
  });

  it('needs read:catalog and a location of the key', async () => {
    const withoutCatalog = await f.mint({ scopes: ['checkin:members'] });
    expect((await f.request('GET', `/v1/locations/${f.acme.us.id}/branding`, { key: withoutCatalog })).status).toBe(403);
    const elsewhere = await f.request('GET', `/v1/locations/${f.acme.gb.id}/branding`, { key: f.keys.usOnly });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.error.code).toBe('location_not_allowed');
    const otherCompany = await f.request('GET', `/v1/locations/${f.acme.us.id}/branding`, { key: f.keys.other });
    expect(otherCompany.status).toBe(404);
    expect(otherCompany.body.error.code).toBe('resource_missing');
  });
});
