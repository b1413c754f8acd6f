import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberStudio, type MemberStudio } from './member-studio.js';

const logo = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe.each(dialects)("a members' app address: the location's look and manifest (%s)", (dialect) => {
  const suite = useFreshDatabase(dialect);
  let s: MemberStudio;
  beforeAll(async () => {
    s = await memberStudio(suite.db);
    const north = await suite.db.first(suite.db.qb.selectFrom('locations').select('settings').where('id', '=', s.studio.north));
    const settings = JSON.parse(north!.settings) as { branding: Record<string, unknown> };
    settings.branding = { ...settings.branding, logo, accent_colour: '#f5c400' };
    await suite.db.run(
      suite.db.qb
        .updateTable('locations')
        .set({ settings: JSON.stringify(settings) })
        .where('id', '=', s.studio.north),
    );
  });
  afterAll(() => s.app.close());

  it('answers anyone the name, logo, colour and language of the location the address names', async () => {
    const answer = await s.sendMember({ method: 'GET', path: `/location?location=north&company_id=${s.studio.companyId}` });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ id: s.studio.north, name: 'North', slug: 'north', logo, accent_colour: '#f5c400', language: 'de' });
  });

  it('gives each location its own manifest: installed, the app opens at that location under its name and colour', async () => {
    const answer = await s.sendMember({ method: 'GET', path: `/manifest?location=north&company_id=${s.studio.companyId}` });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ name: 'North', short_name: 'North', lang: 'de', start_url: '/m/?location=north', scope: '/m/', display: 'standalone', theme_color: '#f5c400' });
  });

  it('says plainly when the address names no location, and when a slug needs its business', async () => {
    const unknown = await s.sendMember({ method: 'GET', path: '/location?location=nowhere' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ error: { code: string; param: string } }>().error).toMatchObject({ code: 'resource_missing', param: 'location' });
    // Both businesses of this server have a location called north.
    const ambiguous = await s.sendMember({ method: 'GET', path: '/manifest?location=north' });
    expect(ambiguous.statusCode).toBe(400);
    expect(ambiguous.json<{ error: { code: string; param: string } }>().error).toMatchObject({ code: 'missing_field', param: 'company_id' });
  });
});
