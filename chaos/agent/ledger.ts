import Database from 'better-sqlite3';
import type { Db } from '../../server/src/db/types.js';
import type { ScenarioResult } from '../report.js';

export interface AgentLedger {
  /** Granted scans the agent recorded for a membership: each must become exactly one server visit. */
  granted: number;
  refused: number;
  /** Granted scans with no visit on the server (an outbox row rejected counts here). */
  lost: number;
  /** Granted scans with more than one visit on the server. */
  duplicated: number;
  /**
   * Live visits of this device the server holds for no recorded grant: a check-in the server committed
   * whose grant the agent never wrote (the process was killed in between: before the relay
   * command the door did not open; after it, since grants are written once the relay has its
   * command, it did). At most one per kill: the gate decides one scan per lane at a time.
   */
  inDoubt: number;
  pendingOutbox: number;
  violations: string[];
}

interface Decision {
  id: number;
  membership_id: string | null;
  granted: number;
  offline: number;
  idempotency_key: string | null;
}

interface OutboxRow {
  idempotency_key: string;
  status: string;
  visit_id: string | null;
}

/**
 * Matches what the agent recorded (its decisions and outbox, read from its SQLite file after it
 * stopped) with what the server holds (visits of the device, and the stored answer of each
 * Idempotency-Key): every grant once, none lost, none doubled. A grant's visit is the answer to
 * its key, or to the `:offline` key the drain derives from it (agent/src/gate/visit-drain.ts).
 */
export async function reconcileAgent(agentDbPath: string, server: Db, companyId: string, deviceId: string): Promise<AgentLedger> {
  const local = new Database(agentDbPath, { readonly: true });
  let decisions: Decision[];
  let outbox: OutboxRow[];
  try {
    decisions = local.prepare('select id, membership_id, granted, offline, idempotency_key from decisions order by id').all() as Decision[];
    outbox = local.prepare('select idempotency_key, status, visit_id from outbox').all() as OutboxRow[];
  } finally {
    local.close();
  }
  const visits = await server.all(server.qb.selectFrom('visits').select(['id', 'membership_id', 'voided_at']).where('device_id', '=', deviceId));
  const answers = await server.all(server.qb.selectFrom('idempotency_keys').select(['key', 'response_status', 'response_body']).where('company_id', '=', companyId));
  const visitIds = new Set(visits.map((v) => v.id));
  const visitOfKey = new Map<string, string>();
  for (const a of answers) {
    if (a.response_status !== 201 || a.response_body === null) continue;
    const id = (JSON.parse(a.response_body) as { id?: string }).id;
    if (id !== undefined && visitIds.has(id)) visitOfKey.set(a.key, id);
  }
  const outboxByKey = new Map(outbox.map((row) => [row.idempotency_key, row]));

  const ledger: AgentLedger = { granted: 0, refused: 0, lost: 0, duplicated: 0, inDoubt: 0, pendingOutbox: outbox.filter((r) => r.status === 'pending').length, violations: [] };
  const matched = new Set<string>();
  for (const d of decisions) {
    if (!d.granted || d.membership_id === null || d.idempotency_key === null) {
      if (!d.granted) ledger.refused++;
      continue;
    }
    ledger.granted++;
    const key = d.idempotency_key;
    const found = [visitOfKey.get(key), visitOfKey.get(`${key}:offline`)].filter((id): id is string => id !== undefined);
    for (const id of found) matched.add(id);
    if (found.length === 0) ledger.lost++;
    if (found.length > 1) ledger.duplicated++;
    const row = outboxByKey.get(key);
    if (d.offline && !row) ledger.violations.push(`offline grant ${d.id}: no outbox row (the grant and its outbox row are one transaction)`);
    if (row?.status === 'rejected') ledger.violations.push(`offline grant ${d.id}: the server rejected its visit`);
    if (row?.status === 'sent' && (found.length !== 1 || row.visit_id !== found[0]))
      ledger.violations.push(`offline grant ${d.id}: outbox says visit ${row.visit_id}, the server holds ${found.join(', ') || 'none'}`);
  }
  // A voided visit charges no one: the agent voided it because its door did not open (a relay that
  // failed before its `on` command leaves the decision refused, with the online visit voided).
  ledger.inDoubt = visits.filter((v) => !matched.has(v.id) && v.voided_at === null).length;
  return ledger;
}

/**
 * An agent scenario's row: the ledger's counts and violations, visits left in the outbox and, past
 * `maxInDoubt`, visits for no recorded grant. The server gets no fault in these scenarios, so any
 * 5xx it answered is unclean; no malformed request is sent (n/a).
 */
export function agentScenarioResult(
  scenario: string,
  run: { operations: number; faults: number; ledger: AgentLedger; serverErrors: number; violations: string[]; notes: string[]; startedAt: number; maxInDoubt?: number },
): ScenarioResult {
  const { ledger } = run;
  const violations = [...run.violations, ...ledger.violations];
  if (ledger.pendingOutbox > 0) violations.push(`${ledger.pendingOutbox} visits still in the outbox after the last drain`);
  if (ledger.inDoubt > (run.maxInDoubt ?? 0)) violations.push(`${ledger.inDoubt} visits on the server for no recorded grant (at most ${run.maxInDoubt ?? 0} allowed)`);
  return {
    scenario,
    operations: run.operations,
    faults: run.faults,
    acknowledged: ledger.granted,
    lost: ledger.lost,
    duplicated: ledger.duplicated,
    serverErrors: run.serverErrors,
    badInputServerErrors: null,
    unclean: run.serverErrors,
    violations,
    notes: run.notes,
    seconds: (performance.now() - run.startedAt) / 1000,
  };
}
