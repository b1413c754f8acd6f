import { setTimeout as sleep } from 'node:timers/promises';
import type { ScenarioResult } from '../report.js';
import { GateRig, guardGraceMs, pulseMs } from '../agent/gate-rig.js';
import { agentScenarioResult } from '../agent/ledger.js';

export interface DeviceUnplugSettings {
  /** Unplug-and-replug cycles of each device. */
  cycles: number;
  admitted: number;
}

/**
 * The reader and the relay board unplugged and plugged back (their socat killed and restarted on
 * the same links) while frames and pulses are in flight: the reader mid-frame, the board between
 * a pulse's ON and OFF, and the board while a card is decided. The agent must not crash, must
 * reconnect both by itself, never pulse twice for one grant (no retry after the failed write, no
 * late pulse after the replug), and count each grant as one visit.
 */
export async function deviceUnplug(settings: DeviceUnplugSettings): Promise<ScenarioResult> {
  const started = performance.now();
  const rig = await GateRig.start({ admitted: settings.admitted, refused: 0 });
  const violations: string[] = [];
  const notes: string[] = [];
  const cards = rig.cards.admitted;
  let next = 0;
  const card = () => cards[next++ % cards.length]!;
  /** Every device open again, and `device` reopened at least `reconnects` times. */
  const healthy = (device: 'rdm' | 'lcus', reconnects: number) => rig.waitFor((h) => h.devices.every((d) => d.state === 'ok' && (d.id !== device || d.reconnects >= reconnects)), 20_000);
  let faults = 0;
  try {
    rig.startAgent();
    if (!(await rig.waitFor((h) => h.cache.rows > 0 && h.devices.every((d) => d.state === 'ok')))) throw new Error('the agent never became ready');
    for (let cycle = 1; cycle <= settings.cycles; cycle++) {
      // The reader, mid-frame: half a frame, unplugged, replugged, then whole frames.
      await rig.presentHalf(card());
      await rig.unplugReader();
      faults++;
      await sleep(200);
      await rig.replugReader();
      if (!(await healthy('rdm', cycle))) violations.push(`cycle ${cycle}: the reader did not reconnect`);
      if (!(await rig.presentUntilPulse(card()))) violations.push(`cycle ${cycle}: no pulse for a card after the reader's replug`);
      await sleep(pulseMs * 2);

      // The board, between a pulse's ON and its OFF.
      if (!(await rig.presentUntilPulse(card()))) violations.push(`cycle ${cycle}: no pulse before the board's unplug`);
      await rig.unplugRelay();
      faults++;
      await sleep(300);
      await rig.replugRelay();
      if (!(await healthy('lcus', 2 * cycle - 1))) violations.push(`cycle ${cycle}: the relay did not reconnect after an unplug mid-pulse`);

      // The board, while a card is decided: the grant stands (the server records it before the
      // pulse is tried), its pulse fails, and it is never retried once the board is back.
      await rig.unplugRelay();
      faults++;
      const visits = await rig.serverVisits();
      await rig.present(card());
      for (let i = 0; i < 400 && (await rig.serverVisits()) === visits; i++) await sleep(10);
      await sleep(100);
      await rig.replugRelay();
      if (!(await healthy('lcus', 2 * cycle))) violations.push(`cycle ${cycle}: the relay did not reconnect after an unplug during a decision`);
      const onsAfterReplug = rig.commands().filter((c) => c.on).length;
      await sleep(pulseMs + guardGraceMs);
      if (rig.commands().filter((c) => c.on).length !== onsAfterReplug) violations.push(`cycle ${cycle}: the relay pulsed after the replug with no card presented (a retried pulse)`);
      if (!(await rig.presentUntilPulse(card()))) violations.push(`cycle ${cycle}: no pulse for a card after the board's replug`);
      await sleep(pulseMs * 2);
    }
    if (rig.agent?.child.exitCode !== null) violations.push(`the agent process died: ${rig.agent?.output().slice(-2000)}`);
    if (!(await rig.waitFor((h) => h.outbox.pending === 0))) violations.push('visits still waiting in the outbox');
    const health = await rig.health();
    const exitCode = await rig.stop();
    if (exitCode !== 0) violations.push(`the clean stop exited with ${exitCode}`);
    const ledger = await rig.reconcile();
    const relay = rig.relay();
    violations.push(...relay.violations);
    if (relay.ons > ledger.granted) violations.push(`${relay.ons} relay pulses for ${ledger.granted} grants: a double pulse`);
    notes.push(
      `${rig.framesSent} frames (${settings.cycles} cut in half by an unplug), ${ledger.granted} grants, ${relay.ons} relay pulses: ${ledger.granted - relay.ons} grants met an unplugged board, counted once as a visit and their pulse never retried; reconnects: ${health?.devices.map((d) => `${d.id} ${d.reconnects}`).join(', ')}`,
      `longest ON while connected: ${relay.longestOnMs} ms; ${relay.onAcrossUnplug.length} pulses cut by an unplug (the board loses its USB power; the OFF seen is the replug's all-off, ${relay.onAcrossUnplug.join(', ') || '-'} ms later)`,
    );
    return agentScenarioResult(`agent: reader and relay unplugged ×${settings.cycles} mid-scan`, {
      operations: rig.framesSent,
      faults,
      ledger,
      serverErrors: rig.studio.proxy.serverErrors,
      violations,
      notes,
      startedAt: started,
    });
  } finally {
    await rig.close();
  }
}
