/** What an import creates, per table, in words: `1 membership plan`, `9 classes`. */
const words: Record<string, [string, string]> = {
  companies: ['company', 'companies'],
  locations: ['location', 'locations'],
  staff: ['staff member', 'staff members'],
  staff_hours: ['span of weekly hours', 'spans of weekly hours'],
  staff_overrides: ['date override', 'date overrides'],
  staff_time_off: ['time off entry', 'time off entries'],
  rooms: ['room', 'rooms'],
  services: ['service', 'services'],
  service_staff: ['staff qualification', 'staff qualifications'],
  membership_plans: ['membership plan', 'membership plans'],
  package_templates: ['package template', 'package templates'],
  contacts: ['contact', 'contacts'],
  memberships: ['membership', 'memberships'],
  credentials: ['card', 'cards'],
  gift_cards: ['gift card', 'gift cards'],
  class_series: ['class series', 'class series'],
  classes: ['class', 'classes'],
};

/** The non-zero counts as phrases, in the order the import writes them; match keys (a card's readings) are left out. */
export function countPhrases(counts: Record<string, number>): string[] {
  return Object.entries(words).flatMap(([table, [one, many]]) => {
    const n = counts[table] ?? 0;
    return n === 0 ? [] : [`${n} ${n === 1 ? one : many}`];
  });
}
