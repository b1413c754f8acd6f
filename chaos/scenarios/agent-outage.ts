import type { ScenarioResult } from '../report.js';
import { InProcessGate } from '../agent/in-process-gate.js';
import { agentScenarioResult } from '../agent/ledger.js';

export interface AgentOutageSettings {
  scans: number;
  admitted: number;
  refused: number;
}

/**
 * A long outage: the server goes away after the cache loaded and `scans` cards are presented
 * (admitted and past-due members, and unknown cards). Every grant must be in the outbox at once;
 * when the server returns, it must hold each granted visit exactly once, and nothing refused.
 */
export async function agentOutage(settings: AgentOutageSettings): Promise<ScenarioResult> {
  const started = performance.now();
  const gate = await InProcessGate.start({ admitted: settings.admitted, refused: settings.refused });
  const violations: string[] = [];
  const notes: string[] = [];
  try {
    const { admitted, refused } = gate.members;
    const cards = [...admitted, ...refused, '9999999999'];
    await gate.studio.proxy.down();
    const t0 = performance.now();
    let granted = 0;
    for (let i = 0; i < settings.scans; i++) {
      const decision = await gate.scan(cards[i % cards.length]!);
      if (decision.granted) granted++;
      if (!decision.offline) violations.push(`scan ${i} was decided online while the server was away`);
    }
    const scanSeconds = (performance.now() - t0) / 1000;
    const depth = gate.agent.store.outbox.depth();
    if (depth.pending !== granted) violations.push(`${granted} offline grants but ${depth.pending} outbox rows`);
    if (gate.relay.pulses.length !== granted) violations.push(`${granted} grants but ${gate.relay.pulses.length} relay pulses`);

    await gate.studio.proxy.up();
    const t1 = performance.now();
    await gate.drainAll();
    const drainSeconds = (performance.now() - t1) / 1000;
    const ledger = await gate.stopAndReconcile();
    if (ledger.granted !== granted) violations.push(`the agent reported ${granted} grants and recorded ${ledger.granted}`);
    notes.push(
      `${settings.scans} scans offline in ${scanSeconds.toFixed(1)} s: ${granted} granted, ${ledger.refused} refused (past due, unknown card); ${granted} relay pulses`,
      `outbox drained in ${drainSeconds.toFixed(1)} s (${(granted / drainSeconds).toFixed(0)} visits/s) once the server was back`,
    );
    return agentScenarioResult(`agent: ${settings.scans} scans in a server outage`, {
      operations: settings.scans,
      faults: 1,
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
