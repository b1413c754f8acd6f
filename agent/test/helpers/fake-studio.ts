import { randomBytes, randomUUID } from 'node:crypto';
import { candidateKeys, credentialHash, decide, defaultMatchingProfile, type EligibilityRow, type ResolveResult, type Visit } from '@studio/shared';
import { ApiRequestError, NetworkError, type CallOptions, type KeyedCallOptions } from '@studio/shared/client';
import { checkinRulesOf } from '../../src/eligibility/lookup.js';
import type { FeedPage, FeedRules } from '../../src/eligibility/cache.js';

type CheckInBody = { location_id: string; membership_id?: string; identifier?: string; source?: string; device_id?: string; checked_in_at?: string; offline?: boolean };

const context = (path: string) => ({ method: 'POST', path, attempts: 1 });
const refusal = (status: number, code: string, reasons?: string[]) =>
  new ApiRequestError(code, { status, type: 'invalid_request', code, param: undefined, requestId: undefined, reasons, retryAfterMs: undefined }, context('/members/check-in'));

/**
 * An in-memory stand-in for the members API, with the server's semantics that matter to the agent:
 * the shared `decide`, Idempotency-Key replay (same key and body: the stored answer; another body:
 * 422), offline reports always recorded. `mode` takes it down, makes it hang until the caller's
 * budget aborts, or lose the answer of check-ins it did record.
 */
export class FakeStudio {
  readonly locationId = randomUUID();
  readonly secret = randomBytes(24).toString('base64url');
  rules: FeedRules = { timezone: 'UTC', checkin_alerts: { past_due: 'block', no_card: 'warn', form_missing: 'warn' }, access_hours: null, matching_profile: defaultMatchingProfile };
  mode: 'up' | 'down' | 'hang' = 'up';
  /** The location's phone-pass keys as the feed carries them, the current first. */
  passKeys: FeedPage['pass_keys'] = [{ epoch: 1, key: randomBytes(32).toString('base64url'), retired_at: null }];
  /** Check-ins recorded whose answer is then lost (a crash or a cut cable between the two). */
  loseAnswers = 0;
  readonly rows = new Map<string, { identifier: string; row: EligibilityRow }>();
  readonly visits: (Visit & { idempotency_key: string })[] = [];
  readonly calls = { resolve: 0, checkIn: [] as { body: CheckInBody; key: string | undefined }[], eligibility: 0, voids: [] as string[] };
  /** Visits voided (their door never opened), by id: they no longer count. */
  readonly voided = new Set<string>();
  private readonly stored = new Map<string, { body: string; visit?: Visit; error?: ApiRequestError }>();

  addMember(identifier: string, overrides: Partial<EligibilityRow> = {}): EligibilityRow {
    const key = candidateKeys(identifier, this.rules.matching_profile)[0]!;
    const row: EligibilityRow = {
      credential_hash: credentialHash(this.secret, key),
      membership_id: randomUUID(),
      contact_id: randomUUID(),
      first_name: 'Ann',
      plan_name: 'Unlimited',
      status: 'active',
      start_date: '2020-01-01',
      end_date: null,
      valid_until: null,
      allowance: null,
      used: 0,
      allowance_renews_at: null,
      allowed_here: true,
      form_signed: true,
      has_card: true,
      resolved_by: 'card_uid',
      valid_for_checkin: true,
      reason: null,
      warnings: [],
      visits_remaining: null,
      door_checkin_consumes: 'visit',
      updated_at: new Date().toISOString(),
      deleted: false,
      ...overrides,
    };
    this.rows.set(row.membership_id, { identifier, row });
    return row;
  }

  /** A new pass key, the one before live until `retiresAt` (the server's roll-over). */
  rotatePassKey(retiresAt: Date): Uint8Array {
    const key = randomBytes(32);
    this.passKeys = [
      { epoch: this.passKeys[0]!.epoch + 1, key: key.toString('base64url'), retired_at: null },
      ...this.passKeys.map((old) => ({ ...old, retired_at: old.retired_at ?? retiresAt.toISOString() })),
    ];
    return new Uint8Array(key);
  }

  /** The current pass key's bytes. */
  passKey(): Uint8Array {
    return new Uint8Array(Buffer.from(this.passKeys[0]!.key, 'base64url'));
  }

  visitsOf(membershipId: string) {
    return this.visits.filter((v) => v.membership_id === membershipId);
  }

  private async reach(path: string, options?: CallOptions): Promise<void> {
    if (this.mode === 'down') throw new NetworkError('network_error', `${path}: connect ECONNREFUSED`, context(path));
    if (this.mode === 'hang') {
      // Until the caller's budget aborts, or the client's own per-attempt timeout for calls without one.
      await new Promise((_, reject) => {
        const timer = setTimeout(() => reject(new NetworkError('timeout', `${path}: no answer`, context(path))), options?.timeoutMs ?? 200);
        options?.signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(NetworkError.cancelled(context(path)));
        });
      });
    }
  }

  private decision(membershipId: string) {
    const { row } = this.rows.get(membershipId)!;
    return decide(row, checkinRulesOf(this.rules), new Date());
  }

  resolve = async (body: { identifier: string; location_id: string }, options?: CallOptions): Promise<ResolveResult> => {
    this.calls.resolve++;
    await this.reach('/members/resolve', options);
    const found = [...this.rows.values()].find((m) => m.identifier === body.identifier);
    if (!found) return { found: false, membership_id: null, contact_id: null, resolved_by: null, valid_for_checkin: false, reason: 'not_found', plan_name: null, status: null, warnings: [] };
    const d = this.decision(found.row.membership_id);
    return {
      found: true,
      membership_id: found.row.membership_id,
      contact_id: found.row.contact_id,
      resolved_by: 'card_uid',
      valid_for_checkin: d.valid,
      reason: d.reason,
      plan_name: found.row.plan_name,
      status: found.row.status,
      warnings: d.warnings,
    };
  };

  checkIn = async (body: CheckInBody, options?: KeyedCallOptions) => {
    this.calls.checkIn.push({ body, key: options?.idempotencyKey });
    await this.reach('/members/check-in', options);
    const key = options?.idempotencyKey ?? randomUUID();
    const text = JSON.stringify(body);
    const earlier = this.stored.get(key);
    if (earlier) {
      if (earlier.body !== text) throw refusal(422, 'idempotency_key_reused');
      if (earlier.error) throw earlier.error;
      return this.answer(earlier.visit!, key);
    }
    // By membership (the gate's check-in) or by card (the report of a refused scan), as the server finds either.
    const member = body.membership_id ? this.rows.get(body.membership_id) : [...this.rows.values()].find((m) => m.identifier === body.identifier);
    if (!member) throw refusal(404, body.identifier === undefined ? 'resource_missing' : 'member_not_found');
    const d = this.decision(member.row.membership_id);
    if (!d.valid && !body.offline) {
      const error = refusal(422, 'checkin_blocked', d.reasons);
      this.stored.set(key, { body: text, error });
      throw error;
    }
    member.row.used++;
    const visit: Visit = {
      id: randomUUID(),
      membership_id: member.row.membership_id,
      contact_id: member.row.contact_id,
      location_id: body.location_id,
      kind: 'facility',
      class_id: null,
      checked_in_at: body.checked_in_at ?? new Date().toISOString(),
      source: 'turnstile',
      device_id: body.device_id ?? null,
      resolved_by: null,
      plan_name: member.row.plan_name,
      visits_used: member.row.used,
      visits_remaining: null,
      offline: body.offline === true,
      flags: d.valid ? [] : ['ineligible_at_checkin', ...d.reasons],
      counted: true,
    };
    this.visits.push({ ...visit, idempotency_key: key });
    this.stored.set(key, { body: text, visit });
    return this.answer(visit, key);
  };

  private answer(visit: Visit, key: string) {
    if (this.loseAnswers > 0) {
      this.loseAnswers--;
      throw new NetworkError('network_error', 'socket hang up', context('/members/check-in'));
    }
    return { data: visit, status: 201, requestId: undefined, idempotencyKey: key, replayed: false };
  }

  /** Set: every void is refused with this code (the server voids door visits only, not a class's). */
  refuseVoids: string | null = null;

  voidVisit = async (visitId: string, body: { reason: 'door_not_opened' | 'recorded_in_error' }, options?: CallOptions) => {
    this.calls.voids.push(visitId);
    await this.reach(`/members/visits/${visitId}/void`, options);
    if (this.refuseVoids !== null) throw refusal(400, this.refuseVoids);
    const visit = this.visits.find((v) => v.id === visitId);
    if (!visit) throw refusal(404, 'resource_missing');
    if (!this.voided.has(visitId)) {
      this.voided.add(visitId);
      const member = this.rows.get(visit.membership_id);
      if (member) member.row.used--;
    }
    return { id: visitId, membership_id: visit.membership_id, location_id: visit.location_id, voided_at: new Date().toISOString(), reason: body.reason };
  };

  /** Visits that count: recorded and not voided. */
  countedVisitsOf(membershipId: string) {
    return this.visitsOf(membershipId).filter((v) => !this.voided.has(v.id));
  }

  eligibility = async (query: { location_id?: string | undefined; cursor?: string | undefined; limit?: number | undefined } = {}, options?: CallOptions): Promise<FeedPage> => {
    this.calls.eligibility++;
    await this.reach('/members/eligibility', options);
    const all = [...this.rows.values()].map((m) => m.row);
    const start = query.cursor ? Number(query.cursor) : 0;
    const data = all.slice(start, start + (query.limit ?? 500));
    const next = start + data.length;
    return {
      data: structuredClone(data),
      next_cursor: String(next),
      has_more: next < all.length,
      location_id: this.locationId,
      credential_hash_key: this.secret,
      pass_keys: structuredClone(this.passKeys),
      rules: this.rules,
    };
  };
}
