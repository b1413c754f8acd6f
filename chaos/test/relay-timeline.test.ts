import { describe, expect, it } from 'vitest';
import { checkRelay, parseLcusCommands } from '../agent/relay-timeline.js';

const on = Buffer.from([0xa0, 0x01, 0x01, 0xa2]);
const off = Buffer.from([0xa0, 0x01, 0x00, 0xa1]);

/** The relay checks must be able to fail: each unsafe timeline written by hand is caught. */
describe('the relay board timeline', () => {
  it('parses LCUS commands split across chunks and skips noise and bad checksums', () => {
    const chunks = [
      { at: 1, bytes: Buffer.concat([Buffer.from([0xff]), off.subarray(0, 2)]) },
      { at: 2, bytes: Buffer.concat([off.subarray(2), on, Buffer.from([0xa0, 0x01, 0x01, 0x00])]) },
      { at: 3, bytes: off },
    ];
    expect(parseLcusCommands(chunks)).toEqual([
      { at: 2, on: false },
      { at: 2, on: true },
      { at: 3, on: false },
    ]);
  });

  const life = { startedAt: 0, endedAt: 10_000, killed: false };

  it('passes pulses ended in time, all-off first, OFF last', () => {
    const check = checkRelay(
      [
        { at: 10, on: false },
        { at: 100, on: true },
        { at: 300, on: false },
      ],
      [life],
      1000,
    );
    expect(check).toMatchObject({ ons: 1, longestOnMs: 200, violations: [] });
  });

  it('catches an ON past the guard, an ON before the all-off of a start, and a relay left on', () => {
    const long = checkRelay(
      [
        { at: 10, on: false },
        { at: 100, on: true },
        { at: 2000, on: false },
      ],
      [life],
      1000,
    );
    expect(long.violations.join()).toContain('past the pulse and max-on guard');
    const first = checkRelay(
      [
        { at: 100, on: true },
        { at: 200, on: false },
      ],
      [life],
      1000,
    );
    expect(first.violations.join()).toContain('before commanding all off');
    const left = checkRelay(
      [
        { at: 10, on: false },
        { at: 100, on: true },
      ],
      [life],
      1000,
    );
    expect(left.violations.join()).toContain('left on');
  });

  it('an ON cut by a SIGKILL is reported apart: only the next start can end it', () => {
    const lives = [
      { startedAt: 0, endedAt: 150, killed: true },
      { startedAt: 3000, endedAt: 9000, killed: false },
    ];
    const check = checkRelay(
      [
        { at: 10, on: false },
        { at: 100, on: true },
        { at: 4000, on: false },
      ],
      lives,
      1000,
    );
    expect(check).toMatchObject({ onAcrossKill: [3900], violations: [] });
  });
});
