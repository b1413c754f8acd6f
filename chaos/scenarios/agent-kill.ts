import { setTimeout as sleep } from 'node:timers/promises';
import type { ScenarioResult } from '../report.js';
import { GateRig, guardGraceMs, pulseMs } from '../agent/gate-rig.js';
import { agentScenarioResult } from '../agent/ledger.js';

export interface AgentKillSettings {
  kills: number;
  admitted: number;
  refused: number;
}

const random = (min: number, max: number) => min + Math.random() * (max - min);

/**
 * `studio-agent` SIGKILLed `kills` times at random points: while starting, draining its outbox,
 * deciding and pulsing, with the server up in most rounds and away in every third (so grants go
 * online, offline, and the outbox is drained after an outage). Cards are RDM6300 frames on a pty;
 * the relay is an LCUS board on another, its every command recorded outside the agent. After a
 * last clean run: every grant the agent recorded is one server visit, the board saw all-off at
 * every start, no ON outlived pulse + guard while an agent ran, and the last command is OFF.
 */
export async function agentKill(settings: AgentKillSettings): Promise<ScenarioResult> {
  const started = performance.now();
  const rig = await GateRig.start({ admitted: settings.admitted, refused: settings.refused });
  const violations: string[] = [];
  const notes: string[] = [];
  const cards = [...rig.cards.admitted, ...rig.cards.refused];
  try {
    rig.startAgent();
    if (!(await rig.waitFor((h) => h.cache.rows > 0))) throw new Error('the agent never loaded its cache');
    let killedInStartAfterOutage = 0;
    for (let round = 0; round < settings.kills; round++) {
      if (round > 0) rig.startAgent();
      const serverUp = round % 3 !== 2;
      if (serverUp) await rig.studio.proxy.up();
      else await rig.studio.proxy.down();
      // Scans start once the reader is open and go on until the kill. One kill in four lands in
      // the start-up (relays not yet off, the outbox draining), the others anywhere in the scanning.
      let scanning = true;
      const ready = () => rig.waitFor((h) => h.devices.every((d) => d.state === 'ok'), 15_000);
      const scans = (async () => {
        if (!(await ready())) return;
        while (scanning) {
          await rig.present(cards[Math.floor(Math.random() * cards.length)]!);
          await sleep(random(30, 200));
        }
      })();
      if (Math.random() < 0.25) {
        if (serverUp && round % 3 === 0 && round > 0) killedInStartAfterOutage++;
        await sleep(random(200, 1500));
      } else {
        await ready();
        await sleep(random(50, 2000));
      }
      scanning = false;
      await rig.kill();
      await scans;
    }
    await rig.studio.proxy.up();
    rig.startAgent();
    const drained = await rig.waitFor((h) => h.outbox.pending === 0 && h.devices.every((d) => d.state === 'ok'));
    if (!drained) violations.push('the outbox did not drain after the last restart');
    const exitCode = await rig.stop();
    if (exitCode !== 0) violations.push(`the last clean stop exited with ${exitCode}`);

    const ledger = await rig.reconcile();
    const relay = rig.relay();
    violations.push(...relay.violations);
    if (relay.ons > ledger.granted) violations.push(`${relay.ons} relay pulses for ${ledger.granted} grants: a double pulse`);
    notes.push(
      `${rig.framesSent} card frames, ${ledger.granted} grants and ${ledger.refused} refusals recorded over ${rig.lives.length} agent runs; ${relay.ons} relay pulses (a kill between the recorded grant and its pulse leaves a grant without one)`,
      `${killedInStartAfterOutage} kills landed in the start-up right after an outage (the outbox draining); ${rig.studio.proxy.serverErrors} 5xx from the server`,
      `longest ON while an agent ran: ${relay.longestOnMs} ms (pulse ${pulseMs} ms, guard at +${guardGraceMs} ms); ${relay.onAcrossKill.length} kills landed mid-pulse, those ONs lasted ${relay.onAcrossKill.map((ms) => `${ms}`).join(', ') || '-'} ms until the restarted agent's all-off: nothing in software ends a pulse while no agent runs (docs/hardware.md §2.5: prefer a self-limiting relay)`,
      `in doubt: ${ledger.inDoubt} visits the server recorded for online check-ins whose answer the killed agent never recorded (the door did not open); not lost, not doubled`,
    );
    return agentScenarioResult(`agent SIGKILL ×${settings.kills} while scanning and draining`, {
      operations: rig.framesSent,
      faults: settings.kills,
      ledger,
      serverErrors: rig.studio.proxy.serverErrors,
      violations,
      notes,
      startedAt: started,
      maxInDoubt: settings.kills,
    });
  } finally {
    await rig.close();
  }
}
