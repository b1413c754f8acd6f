import { dialects } from '@studio/testkit/server/databases';
import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toIso } from '../../../src/clock/time.js';
import { bookClass } from '../../../src/modules/classes/book.js';
import { setFormSigned, setMembershipStatus } from '../../../src/modules/members/admin.js';
import { listOverrides } from '../../../src/modules/members/checkin-override.js';
import { resolveMember } from '../../../src/modules/members/resolve.js';
import { deskCheckIn } from '../../../src/web/desk/check-in.js';
import { memberProfile } from '../../../src/modules/members/profile.js';
import { clockAt, deskStudio, refusal } from './desk-studio.js';

const base = Date.parse('2031-03-04T14:00:00.000Z');
/** A 7-byte card UID unique to the site; the 'A' keeps it hexadecimal, whatever digits the site's id starts with. */
const cardAt = (site: string, n: number) => `04A${site.slice(0, 7)}000${n}`;
const feedSeq = async (f: Fixture) => Number((await f.db.first(f.db.qb.selectFrom('companies').select('feed_seq').where('id', '=', f.acme.id)))!.feed_seq);

/** Issue 17: the member's page in one answer, its status and form actions, and the desk's check-in with overrides. */
describe.each(dialects)('member profile and desk check-in (%s)', (dialect) => {
  let f: Fixture;
  beforeAll(async () => {
    f = await startFixture(dialect);
  });
  afterAll(async () => f.close());

  it('shows the contact, form, memberships, cards by last four, visits, refusals and upcoming bookings', async () => {
    const s = await deskStudio(f);
    const mia = await s.build.member({ locationId: s.site, firstName: 'Mia', cards: [{ value: '04ABCDEF012345' }] });
    await deskCheckIn(f.db, s.desk, mia.contactId, { location_id: s.site }, clockAt(base - 3600_000));
    await setMembershipStatus(f.db, s.desk, mia.membershipId, 'past_due');
    expect(await refusal(deskCheckIn(f.db, s.desk, mia.contactId, { location_id: s.site }, clockAt(base - 60_000)))).toMatchObject({ code: 'checkin_blocked' });
    await setMembershipStatus(f.db, s.desk, mia.membershipId, 'active');
    const yoga = crypto.randomUUID();
    await f.db.run(
      f.db.qb.insertInto('services').values({
        id: yoga,
        company_id: f.acme.id,
        location_id: s.site,
        name: 'Evening yoga',
        description: null,
        category: 'fitness',
        kind: 'class',
        duration_minutes: 60,
        price_cents: 0,
        buffer_before_minutes: 0,
        buffer_after_minutes: 0,
        room_id: null,
        requires_entitlement: 0,
        free_classes: 0,
        first_timers_only: 0,
        created_at: toIso(base),
      }),
    );
    const classId = crypto.randomUUID();
    const startsAt = toIso(base + 2 * 86_400_000);
    await f.db.run(
      f.db.qb.insertInto('classes').values({
        id: classId,
        company_id: f.acme.id,
        location_id: s.site,
        service_id: yoga,
        staff_id: null,
        room_id: null,
        series_id: null,
        start_at: startsAt,
        end_at: toIso(base + 2 * 86_400_000 + 3600_000),
        capacity: 10,
        status: 'scheduled',
        created_at: toIso(base),
      }),
    );
    await bookClass(f.db, s.desk, classId, { contact_id: mia.contactId }, clockAt(base));

    const profile = await memberProfile(f.db, s.desk, mia.contactId, clockAt(base));
    expect(profile.contact).toMatchObject({ id: mia.contactId, first_name: 'Mia' });
    expect(profile.form_signed_at).not.toBeNull();
    expect(profile.memberships.map((m) => [m.id, m.status])).toEqual([[mia.membershipId, 'active']]);
    expect(profile.cards).toEqual([{ id: mia.cardIds[0], membership_id: mia.membershipId, last_four: '2345', created_at: expect.any(String) }]);
    expect(profile.visits).toMatchObject([{ location_id: s.site, checked_in_at: toIso(base - 3600_000), source: 'staff', offline: false, voided: false }]);
    expect(profile.denials).toMatchObject([{ reasons: ['past_due'], message: 'The membership payment is past due.', source: 'staff' }]);
    expect(profile.bookings).toEqual([{ id: expect.any(String), kind: 'class', title: 'Evening yoga', starts_at: startsAt, status: 'reserved' }]);
    expect(JSON.stringify(profile)).not.toContain('ABCDEF01');
    // A member of another location only: the front desk of this one may not open them.
    const only = await s.build.plan({ locationId: s.elsewhere, accessLocationIds: [s.elsewhere] });
    const far = await s.build.member({ locationId: s.elsewhere, planId: only });
    expect(await refusal(memberProfile(f.db, s.desk, far.contactId, clockAt(base)))).toMatchObject({ code: 'location_not_allowed' });
  });

  it('changes of status and form bump the feed, and resolve sees them at once', async () => {
    const s = await deskStudio(f);
    const kai = await s.build.member({ locationId: s.site, code: `KAI-${s.site.slice(0, 6)}`, cards: [{ value: cardAt(s.site, 3) }] });
    const resolve = () => resolveMember(f.db, s.desk, { location_id: s.site, identifier: `KAI-${s.site.slice(0, 6)}` });
    const before = await feedSeq(f);
    await setMembershipStatus(f.db, s.desk, kai.membershipId, 'paused');
    expect(await feedSeq(f)).toBeGreaterThan(before);
    expect(await resolve()).toMatchObject({ valid_for_checkin: false, reason: 'paused' });
    await setMembershipStatus(f.db, s.desk, kai.membershipId, 'active');
    const unsignedAt = await feedSeq(f);
    await setFormSigned(f.db, s.desk, kai.contactId, null);
    expect(await feedSeq(f)).toBeGreaterThan(unsignedAt);
    expect(await resolve()).toMatchObject({ valid_for_checkin: true, warnings: ['form_missing'] });
    await setFormSigned(f.db, s.desk, kai.contactId, toIso(base));
    expect(await resolve()).toMatchObject({ valid_for_checkin: true, warnings: [] });
  });

  it('refuses a blocked member as the door does; a manager overrides with a reason, the front desk may not', async () => {
    const s = await deskStudio(f);
    const pat = await s.build.member({ locationId: s.site, firstName: 'Pat', status: 'past_due', cards: [{ value: cardAt(s.site, 1) }] });
    const at = clockAt(base);
    const blocked = await refusal(deskCheckIn(f.db, s.desk, pat.contactId, { location_id: s.site }, at));
    expect(blocked).toMatchObject({ code: 'checkin_blocked', details: { reasons: ['past_due'] } });
    const denials = await f.db.all(f.db.qb.selectFrom('checkin_denials').select(['source', 'reasons']).where('contact_id', '=', pat.contactId));
    expect(denials).toEqual([{ source: 'staff', reasons: '["past_due"]' }]);

    const refused = await refusal(deskCheckIn(f.db, s.desk, pat.contactId, { location_id: s.site, override_reason: 'paid cash at the desk' }, at));
    expect(refused).toMatchObject({ code: 'role_not_allowed' });
    expect(await f.db.all(f.db.qb.selectFrom('visits').select('id').where('contact_id', '=', pat.contactId))).toEqual([]);

    const { visit, created } = await deskCheckIn(f.db, s.manager, pat.contactId, { location_id: s.site, override_reason: 'paid cash at the desk' }, at);
    expect(created).toBe(true);
    expect(visit).toMatchObject({ source: 'staff', flags: ['staff_override', 'past_due'] });
    const overrides = await listOverrides(f.db, f.acme.id, { locationId: s.site });
    expect(overrides).toMatchObject([
      {
        visit_id: visit.id,
        contact_id: pat.contactId,
        actor_account_id: s.manager.identity.kind === 'staff_user' ? s.manager.identity.staffUserId : '',
        actor_name: 'manager',
        reasons: ['past_due'],
        reason: 'paid cash at the desk',
        at: toIso(base),
      },
    ]);
  });

  it('checks in a member with a warning, the warning carried in the visit flags', async () => {
    const s = await deskStudio(f);
    const una = await s.build.member({ locationId: s.site, formSigned: false, cards: [{ value: cardAt(s.site, 2) }] });
    const { visit } = await deskCheckIn(f.db, s.desk, una.contactId, { location_id: s.site }, clockAt(base));
    expect(visit.flags).toEqual(['form_missing']);
    expect(await listOverrides(f.db, f.acme.id, { locationId: s.site })).toEqual([]);
  });
});
