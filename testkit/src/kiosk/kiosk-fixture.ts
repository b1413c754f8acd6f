import { randomUUID } from 'node:crypto';
import type { KioskAttendee, KioskClass } from '@studio/shared/kiosk';
import type { FakeKioskData } from './fake-local-api.js';

export interface FixtureMember {
  contactId: string;
  firstName: string;
  displayName: string;
}

/**
 * A studio evening in Europe/London, relative to now so the classes are always "today and the next
 * hours": a class running now with a roster, one later, one full, one cancelled.
 */
export function kioskFixture(now = new Date()) {
  const at = (minutes: number) => new Date(Math.floor(now.getTime() / 60_000) * 60_000 + minutes * 60_000).toISOString();
  const member = (firstName: string, lastName: string): FixtureMember => ({ contactId: randomUUID(), firstName, displayName: `${firstName} ${lastName[0]}.` });
  const sam = member('Sam', 'Kowalski');
  const priya = member('Priya', 'Natarajan');
  const lee = member('Lee', 'Okafor');
  const klass = (name: string, start: number, capacity: number, booked: number, extra: Partial<KioskClass> = {}): KioskClass => ({
    id: randomUUID(),
    name,
    instructor: 'Ana',
    start: at(start),
    end: at(start + 60),
    capacity,
    booked,
    spots_left: capacity - booked,
    status: 'scheduled',
    ...extra,
  });
  const yoga = klass('Vinyasa Yoga', -10, 12, 3);
  const spin = klass('Spin', 90, 20, 20, { instructor: 'Marco' });
  const pilates = klass('Mat Pilates', 150, 10, 4, { instructor: null });
  const boxing = klass('Boxing', 210, 14, 0, { status: 'cancelled', spots_left: 0 });
  const reserved = (person: FixtureMember, status: KioskAttendee['status'] = 'reserved'): KioskAttendee => ({
    contact_id: person.contactId,
    display_name: person.displayName,
    status,
  });
  const data: FakeKioskData = {
    status: { offline: false, location_name: 'Harbour Fitness & Spa', timezone: 'Europe/London', scanner: true, branding: { logo: null, accent_colour: '#1c7ed6', language: 'en' } },
    classes: [yoga, spin, pilates, boxing],
    rosters: new Map([
      [yoga.id, [reserved(sam), reserved(priya), reserved(lee, 'checked_in')]],
      [spin.id, []],
      [pilates.id, []],
    ]),
    firstNames: new Map([sam, priya, lee].map((person) => [person.contactId, person.firstName])),
  };
  return { data, classes: { yoga, spin, pilates, boxing }, members: { sam, priya, lee } };
}
