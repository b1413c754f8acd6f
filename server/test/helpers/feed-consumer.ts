import { candidateKeys, credentialHash, decide, type CheckinRules, type EligibilityRow, type MatchingProfile } from '@studio/shared';
import type { Fixture } from '@studio/testkit/server/fixture';

/**
 * A minimal feed consumer, as a device agent would be: it applies pages and deltas to a map of
 * credential hash → row, forgets tombstones, and decides a scan offline with the shared rules.
 */
export class FeedConsumer {
  rows = new Map<string, EligibilityRow>();
  cursor: string | undefined;
  secret = '';
  rules!: CheckinRules & { matching_profile: MatchingProfile };
  pages = 0;

  constructor(
    private readonly f: Fixture,
    private readonly locationId: string,
    private readonly limit = 50,
  ) {}

  /** Pulls until the feed has nothing more; answers the rows received. */
  async sync(): Promise<EligibilityRow[]> {
    const received: EligibilityRow[] = [];
    for (;;) {
      const cursor = this.cursor ? `&cursor=${encodeURIComponent(this.cursor)}` : '';
      const answer = await this.f.request('GET', `/v1/members/eligibility?location_id=${this.locationId}&limit=${this.limit}${cursor}`);
      if (answer.status !== 200) throw new Error(`feed answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      this.pages++;
      this.secret = answer.body.credential_hash_key;
      this.rules = { ...answer.body.rules, access_hours: answer.body.rules.access_hours ?? undefined };
      for (const row of answer.body.data as EligibilityRow[]) {
        received.push(row);
        if (row.deleted) this.rows.delete(row.credential_hash);
        else this.rows.set(row.credential_hash, row);
      }
      this.cursor = answer.body.next_cursor;
      if (!answer.body.has_more) return received;
    }
  }

  /** The offline decision for a scan: the first reading that is in the cache, decided now. */
  decide(scan: string) {
    for (const key of candidateKeys(scan, this.rules.matching_profile)) {
      const row = this.rows.get(credentialHash(this.secret, key));
      if (row) return { found: true, membership_id: row.membership_id, ...decide(row, this.rules, new Date()) };
    }
    return { found: false, membership_id: null, valid: false, reason: 'not_found' as const };
  }
}
