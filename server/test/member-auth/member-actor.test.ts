import { ApiError } from '@studio/shared';
import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { describe, expect, it } from 'vitest';
import { memberActor } from '../../src/domain/actor.js';
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
});
