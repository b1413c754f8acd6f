/** One command an LCUS board received, and when (ms since the epoch). */
export interface RelayCommand {
  at: number;
  on: boolean;
}

/** One run of the agent process: from spawn to its SIGKILL or its clean stop. */
export interface AgentLife {
  startedAt: number;
  endedAt: number;
  killed: boolean;
}

/**
 * The 4-byte LCUS commands (`A0 | channel | 00 off / 01 on | sum`, docs/hardware.md §2.1) in the bytes
 * the board received, each stamped with the arrival of the chunk that completed it.
 */
export function parseLcusCommands(chunks: readonly { at: number; bytes: Buffer }[]): RelayCommand[] {
  const commands: RelayCommand[] = [];
  let pending = Buffer.alloc(0);
  for (const chunk of chunks) {
    pending = Buffer.concat([pending, chunk.bytes]);
    for (;;) {
      const start = pending.indexOf(0xa0);
      if (start < 0 || pending.length - start < 4) break;
      const [, channel, op, sum] = pending.subarray(start, start + 4);
      if (((0xa0 + channel! + op!) & 0xff) === sum && op! <= 1) commands.push({ at: chunk.at, on: op === 1 });
      pending = pending.subarray(start + 4);
    }
  }
  return commands;
}

export interface RelayCheck {
  ons: number;
  /** The longest ON while the agent that switched it was running and connected. */
  longestOnMs: number;
  /** ONs still energised when their agent was killed: only the next start's all-off ends them. */
  onAcrossKill: number[];
  /** ONs whose board was unplugged before the OFF: the board lost its USB power, the next connection's all-off is the OFF seen. */
  onAcrossUnplug: number[];
  violations: string[];
}

/**
 * What the board saw, judged: every ON ended by an OFF within `limitMs` (the pulse plus the
 * max-on guard) while its agent ran; an ON left by a killed agent ended by the next start, whose
 * first command is OFF (every start commands all channels off before any pulse); the last command
 * OFF. A SIGKILLed process cannot switch anything off: that ON lasts until the restart.
 */
export function checkRelay(commands: readonly RelayCommand[], lives: readonly AgentLife[], limitMs: number, unplugs: readonly number[] = []): RelayCheck {
  const check: RelayCheck = { ons: 0, longestOnMs: 0, onAcrossKill: [], onAcrossUnplug: [], violations: [] };
  commands.forEach((command, i) => {
    if (!command.on) return;
    check.ons++;
    const off = commands.slice(i + 1).find((c) => !c.on);
    if (!off) return check.violations.push(`the relay was left on (switched on at ${new Date(command.at).toISOString()})`);
    const ms = off.at - command.at;
    const killed = lives.some((life) => life.killed && life.endedAt >= command.at && life.endedAt <= off.at);
    if (killed) check.onAcrossKill.push(ms);
    else if (unplugs.some((at) => at >= command.at && at <= off.at)) check.onAcrossUnplug.push(ms);
    else {
      check.longestOnMs = Math.max(check.longestOnMs, ms);
      if (ms > limitMs) check.violations.push(`an ON lasted ${ms} ms, past the pulse and max-on guard (${limitMs} ms)`);
    }
  });
  for (const life of lives) {
    const first = commands.find((c) => c.at >= life.startedAt && c.at <= life.endedAt);
    if (first?.on) check.violations.push(`the agent started at ${new Date(life.startedAt).toISOString()} switched a relay on before commanding all off`);
  }
  if (commands.length > 0 && commands.at(-1)!.on) check.violations.push('the last command the board received was ON');
  return check;
}
