import { beforeEach, describe, expect, it, vi } from 'vitest';

type LocalClockModule = typeof import('../../src/eligibility/local-clock.js');
let module: LocalClockModule;

// A fresh module per test: the cache is module state.
beforeEach(async () => {
  vi.resetModules();
  module = await import('../../src/eligibility/local-clock.js');
});

const minute = (n: number) => new Date(Date.UTC(2026, 5, 10) + n * 60_000);

describe('localClock cache', () => {
  it('answers a minute it has seen with the remembered clock, for any second in it', () => {
    const first = module.localClock('Europe/Paris', minute(0));
    expect(module.localClock('Europe/Paris', new Date(minute(0).getTime() + 59_999))).toBe(first);
    expect(module.localClock('Europe/Paris', minute(1))).not.toBe(first);
    expect(module.localClock('UTC', minute(0))).not.toBe(first);
  });

  it('holds at most 1000 entries: the 1001st empties it', () => {
    const first = module.localClock('UTC', minute(0));
    for (let n = 1; n < 999; n++) module.localClock('UTC', minute(n));
    expect(module.localClock('UTC', minute(0))).toBe(first); // 999 entries
    module.localClock('UTC', minute(999)); // the 1000th
    expect(module.localClock('UTC', minute(0))).toBe(first);
    module.localClock('UTC', minute(1000)); // the 1001st: emptied first
    const again = module.localClock('UTC', minute(0));
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});
