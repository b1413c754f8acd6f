import type { DecisionEvent } from '../../agent/src/runtime/events.js';
import type { ScenarioResult } from '../report.js';
import { InProcessGate } from '../agent/in-process-gate.js';
import { agentScenarioResult } from '../agent/ledger.js';

export interface ClockJumpSettings {
  /** Cards presented in each phase. */
  scansPerPhase: number;
}

const hour = 3_600_000;

/**
 * The agent's clock jumps (its injected `now`; the machine's clock is left alone): forward two
 * days with the server away (the cache is stale: refusals with `cache_stale`, no grant), back
 * again, back an hour more (anti-passback must not lock members out, visits keep their order),
 * forward an hour with the server up (its check-ins carry a time the server calls future). After
 * the drain the server holds each granted visit exactly once, each member's in the order the gate
 * granted them (the drain delivers several members at once, one member's visits one after another).
 */
export async function clockJump(settings: ClockJumpSettings): Promise<ScenarioResult> {
  const started = performance.now();
  let offsetMs = 0;
  const gate = await InProcessGate.start({ admitted: settings.scansPerPhase * 2, refused: 0 }, () => new Date(Date.now() + offsetMs), { anti_passback_s: 10 });
  const violations: string[] = [];
  const notes: string[] = [];
  let operations = 0;
  const phase = async (name: string, cards: string[], expect: (d: DecisionEvent) => string | null) => {
    const reasons = new Map<string, number>();
    for (const card of cards) {
      operations++;
      const decision = await gate.scan(card);
      const key = decision.granted ? 'granted' : (decision.reason ?? 'refused');
      reasons.set(key, (reasons.get(key) ?? 0) + 1);
      const problem = expect(decision);
      if (problem) violations.push(`${name}: ${problem}`);
    }
    notes.push(`${name}: ${[...reasons].map(([k, n]) => `${n} ${k}`).join(', ')}`);
  };
  try {
    const { admitted } = gate.members;
    const first = admitted.slice(0, settings.scansPerPhase);
    const second = admitted.slice(settings.scansPerPhase);
    await gate.studio.proxy.down();
    await phase('server away, clock right', first, (d) => (d.granted ? null : `refused ${d.reason}`));
    offsetMs = 2 * 24 * hour;
    const pulsesBefore = gate.relay.pulses.length;
    await phase('clock +2 days (cache stale)', second, (d) => (!d.granted && d.reason === 'cache_stale' ? null : `expected cache_stale, got ${d.granted ? 'a grant' : d.reason}`));
    if (gate.relay.pulses.length !== pulsesBefore) violations.push('the relay pulsed while the cache was stale');
    offsetMs = 0;
    await phase('clock back to right', second, (d) => (d.granted ? null : `refused ${d.reason}`));
    offsetMs = -hour;
    // Granted minutes "later" before the jump: anti-passback must not hold them out for the hour.
    await phase('clock -1 hour', first, (d) => (d.granted ? null : `refused ${d.reason}`));
    await gate.studio.proxy.up();
    offsetMs = hour;
    await phase('clock +1 hour, server up', second, (d) => (d.granted ? null : `refused ${d.reason}`));
    await gate.drainAll();

    // Outbox rows are in the order the gate granted; each member's must be recorded in that order.
    const recorded = new Map(
      (await gate.studio.f.db.all(gate.studio.f.db.qb.selectFrom('visits').select(['id', 'recorded_at']).where('device_id', '=', gate.config.device_id))).map((v) => [v.id, v.recorded_at]),
    );
    const lastRecordedOf = new Map<string, string>();
    for (const row of gate.agent.store.outbox.list('sent')) {
      const at = recorded.get(row.visit_id!) ?? '';
      if (at < (lastRecordedOf.get(row.membership_id) ?? '')) violations.push(`the server recorded a visit of membership ${row.membership_id} before an earlier one`);
      lastRecordedOf.set(row.membership_id, at);
    }
    const rejected = gate.agent.store.outbox.list('rejected');
    for (const row of rejected) violations.push(`outbox row ${row.id} rejected by the server: ${row.last_error}`);
    const ledger = await gate.stopAndReconcile();
    return agentScenarioResult('agent: clock jumps ±2 days, ±1 hour', {
      operations,
      faults: 4,
      ledger,
      serverErrors: gate.studio.proxy.serverErrors,
      violations,
      notes,
      startedAt: started,
    });
  } finally {
    await gate.close();
  }
}
