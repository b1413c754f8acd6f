import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { runStudio } from '../server/processes.js';

/** Zones a whole number of hours apart, from UTC-11 to UTC+14, one for each offset. */
const zonesByOffset = [
  'Pacific/Pago_Pago',
  'Pacific/Honolulu',
  'America/Anchorage',
  'America/Los_Angeles',
  'America/Denver',
  'America/Chicago',
  'America/New_York',
  'America/Halifax',
  'America/Sao_Paulo',
  'Atlantic/South_Georgia',
  'Atlantic/Azores',
  'Europe/Dublin',
  'Europe/Berlin',
  'Europe/Athens',
  'Europe/Moscow',
  'Asia/Dubai',
  'Asia/Karachi',
  'Asia/Dhaka',
  'Asia/Bangkok',
  'Asia/Shanghai',
  'Asia/Tokyo',
  'Australia/Brisbane',
  'Pacific/Noumea',
  'Pacific/Tarawa',
  'Pacific/Tongatapu',
  'Pacific/Kiritimati',
];

/**
 * The zone whose local time is nearest noon at `now`. The web tests run a real server on the
 * machine's clock; a studio there keeps the local day far from its midnight for the few minutes a
 * run takes, so "today" (Today's counts, a plan sold from today) is the same day throughout,
 * whatever hour the suite runs at.
 */
export function zoneNearNoon(now: Date): string {
  const fromNoon = (zone: string) => {
    const local = DateTime.fromJSDate(now, { zone });
    return Math.abs(local.hour + local.minute / 60 - 12);
  };
  // Each zone's local time worked out once: the first zone nearest noon wins.
  const zones = zonesByOffset.map((zone) => ({ zone, fromNoon: fromNoon(zone) }));
  return zones.reduce((best, next) => (next.fromNoon < best.fromNoon ? next : best)).zone;
}

/**
 * The business every web test starts from, imported with `studio-server import` as a studio would:
 * two locations, North and South, each with plans to sell and members of their own; each plan
 * admits to its own location only (a plan without that list admits everywhere, and its holders are
 * then within reach of staff of every location). The cards are
 * test numbers; start dates lie far in the past so no test depends on today's date.
 */
export const webSeed = {
  companyName: 'Harbour Fitness',
  owner: { email: 'owner@harbour.example', name: 'Olive Owner', password: 'correct horse battery staple' },
  frontDesk: { email: 'desk@harbour.example', name: 'Dara Desk', password: 'front desk password 42' },
  /** Sold in the tests at North. */
  northPlan: { name: 'Unlimited Monthly', priceCents: 4900 },
  /** At North, holding a past-due membership: the turnstile refuses her card. */
  pastDue: { firstName: 'Paula', lastName: 'Byrne', card: '5000000201' },
  /** At North, active: the front desk finds her. */
  northMember: { firstName: 'Nora', lastName: 'Kelly', card: '5000000202' },
  /** At South: a front desk limited to North must never see her. */
  southMember: { firstName: 'Sorcha', lastName: 'Walsh', card: '5000000301' },
  /** No member holds it. */
  unknownCard: '5000000999',
} as const;

function importFile(now: Date) {
  const { northPlan, pastDue, northMember, southMember } = webSeed;
  const timezone = zoneNearNoon(now);
  const location = (ref: string, name: string) => ({ ref, name, slug: ref, timezone, country: 'IE' });
  return {
    version: 1,
    company: { name: webSeed.companyName, key_prefix: 'harbour' },
    locations: [location('north', 'North'), location('south', 'South')],
    membership_plans: [
      { ref: 'north-unlimited', location: 'north', name: northPlan.name, price_cents: northPlan.priceCents, billing_interval: 'monthly', access_locations: ['north'] },
      { ref: 'north-ten', location: 'north', name: 'Ten Visits', price_cents: 9000, billing_interval: 'once', visit_limit: 10, visit_period: 'month', access_locations: ['north'] },
      { ref: 'south-unlimited', location: 'south', name: 'South Unlimited', price_cents: 4500, billing_interval: 'monthly', access_locations: ['south'] },
    ],
    contacts: [
      { ref: 'paula', location: 'north', first_name: pastDue.firstName, last_name: pastDue.lastName, email: 'paula@example.com', form_signed_at: '2020-01-01T09:00:00Z' },
      { ref: 'nora', location: 'north', first_name: northMember.firstName, last_name: northMember.lastName, email: 'nora@example.com', form_signed_at: '2020-01-01T09:00:00Z' },
      { ref: 'sorcha', location: 'south', first_name: southMember.firstName, last_name: southMember.lastName, email: 'sorcha@example.com', form_signed_at: '2020-01-01T09:00:00Z' },
    ],
    memberships: [
      { contact: 'paula', plan: 'north-unlimited', status: 'past_due', start_date: '2020-01-01', card_uids: [pastDue.card] },
      { contact: 'nora', plan: 'north-unlimited', start_date: '2020-01-01', card_uids: [northMember.card] },
      { contact: 'sorcha', plan: 'south-unlimited', start_date: '2020-01-01', card_uids: [southMember.card] },
    ],
  };
}

export interface SeededBusiness {
  companyId: string;
  locations: { north: string; south: string };
  contacts: { paula: string; nora: string; sorcha: string };
}

/** Imports the business into the (fresh) database at `databaseUrl` with the CLI. */
export async function seedBusiness(databaseUrl: string, dir: string): Promise<SeededBusiness> {
  const file = join(dir, 'harbour.json');
  writeFileSync(file, JSON.stringify(importFile(new Date()), null, 2));
  const outcome = await runStudio(databaseUrl, ['import', file]);
  if (outcome.code !== 0) throw new Error(`seeding the web tests' business failed: ${outcome.stderr}`);
  const summary = JSON.parse(outcome.stdout) as { company_id: string; ids: { locations: Record<string, string>; contacts: Record<string, string> } };
  const { locations, contacts } = summary.ids;
  return {
    companyId: summary.company_id,
    locations: { north: locations.north!, south: locations.south! },
    contacts: { paula: contacts.paula!, nora: contacts.nora!, sorcha: contacts.sorcha! },
  };
}
