import type { TFunction } from 'i18next';

/** Each table an import writes, in the order it writes them, with its counted phrase (`1 membership plan`, `9 classes`). */
const phrases = {
  companies: 'count.companies',
  locations: 'count.locations',
  staff: 'count.staff',
  staff_hours: 'count.staff_hours',
  staff_overrides: 'count.staff_overrides',
  staff_time_off: 'count.staff_time_off',
  rooms: 'count.rooms',
  services: 'count.services',
  service_staff: 'count.service_staff',
  membership_plans: 'count.membership_plans',
  package_templates: 'count.package_templates',
  contacts: 'count.contacts',
  memberships: 'count.memberships',
  credentials: 'count.credentials',
  gift_cards: 'count.gift_cards',
  class_series: 'count.class_series',
  classes: 'count.classes',
} as const;

/** The non-zero counts as phrases, in the order the import writes them; match keys (a card's readings) are left out. */
export function countPhrases(t: TFunction<'import'>, counts: Record<string, number>): string[] {
  return Object.entries(phrases).flatMap(([table, phrase]) => {
    const count = counts[table] ?? 0;
    return count === 0 ? [] : [t(phrase, { count })];
  });
}
