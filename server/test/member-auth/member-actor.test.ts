import { ApiError } from '@studio/shared';
import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { describe, expect, it } from 'vitest';
import { memberActor, memberAtLocation } from '../../src/domain/actor.js';
import { createContact, getContact, updateContact } from '../../src/modules/contacts/service.js';
import { memberProfile } from '../../src/modules/members/profile.js';
import { twoLocationStudio } from '../staff-accounts/studio.js';

/** What a service throws, as `code`; '' when it answered. */
async function codeOf(work: () => Promise<unknown>): Promise<string> {
  try {
    await work();
    return '';
  } catch (error) {
    if (error instanceof ApiError) return error.code;
    throw error;
  }
}

describe.each(dialects)('a member actor reaches no staff or API service, not even for its own contact (%s)', (dialect) => {
  const suite = useFreshDatabase(dialect);

  it('has no scope and no location, so the location rule refuses it its own contact, its own page and any write', async () => {
    const studio = await twoLocationStudio(suite.db);
    const member = memberActor(studio.companyId, studio.nina, 'a-session');
    expect(member.scopes).toEqual([]);
    expect(member.locationIds).toEqual([]);
    expect(await codeOf(() => getContact(suite.db, member, studio.nina))).toBe('location_not_allowed');
    expect(await codeOf(() => memberProfile(suite.db, member, studio.nina))).toBe('location_not_allowed');
    expect(await codeOf(() => updateContact(suite.db, member, studio.nina, { first_name: 'Changed' }))).toBe('location_not_allowed');
    expect(await codeOf(() => createContact(suite.db, member, { location_id: studio.north, first_name: 'New' }))).toBe('location_not_allowed');
    expect((await getContact(suite.db, studio.business, studio.nina)).first_name).toBe('Nina');
  });

  it('acting at their app’s location (as the members’ app’s routes give it), a member reaches their own contact and no one else’s', async () => {
    const studio = await twoLocationStudio(suite.db);
    const { contact: other } = await createContact(suite.db, studio.business, { location_id: studio.north, first_name: 'Olga' });
    const nina = memberAtLocation(memberActor(studio.companyId, studio.nina, 'a-session'), studio.north);
    expect(nina.scopes).toEqual([]);
    expect((await getContact(suite.db, nina, studio.nina)).first_name).toBe('Nina');
    // Another member of the same location, and one of the other location: refused as outside reach.
    expect(await codeOf(() => getContact(suite.db, nina, other.id))).toBe('location_not_allowed');
    expect(await codeOf(() => getContact(suite.db, nina, studio.sam))).toBe('location_not_allowed');
    expect(await codeOf(() => memberProfile(suite.db, nina, other.id))).toBe('location_not_allowed');
    expect(() => memberAtLocation(studio.business, studio.north)).toThrow(/member actor/);
  });
});
