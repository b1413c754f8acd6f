/**
 * LCUS-1/2/4/8 (CH340) USB serial relay boards, docs/hardware.md §2.1: 9600 8N1, one 4-byte command per
 * switch, `A0 | channel 01..08 | 00 off / 01 on | (A0 + channel + op) & FF`. Pure.
 */

export const lcusBaudRate = 9600;
export const lcusMaxChannel = 8;

export function lcusCommand(channel: number, on: boolean): Uint8Array {
  if (!Number.isInteger(channel) || channel < 1 || channel > lcusMaxChannel) throw new RangeError(`LCUS channel must be 1..${lcusMaxChannel}`);
  const op = on ? 0x01 : 0x00;
  return Uint8Array.of(0xa0, channel, op, (0xa0 + channel + op) & 0xff);
}

/**
 * Per-channel off commands for channels 1..count. The broadcast `A0 0F 00 AF` exists only on some
 * boards ("many boards DO NOT support a broadcast 'all' command", docs/hardware.md §2.1), so all-off is
 * spelled out channel by channel.
 */
export function lcusAllOffCommands(count: number): Uint8Array[] {
  return Array.from({ length: count }, (_, index) => lcusCommand(index + 1, false));
}
