import { describe, expect, it } from 'vitest';
import { ReadDebouncer } from '../../../src/devices/readers/debounce.js';

describe('ReadDebouncer', () => {
  it('emits the same identifier once within the window, and again after it', () => {
    const debouncer = new ReadDebouncer(1500);
    expect(debouncer.accept('A', 0)).toBe(true);
    expect(debouncer.accept('A', 1000)).toBe(false);
    expect(debouncer.accept('A', 2600)).toBe(true);
  });

  it('measures the window from the last repeat, so a card held on an RDM6300 is one read', () => {
    const debouncer = new ReadDebouncer(1500);
    const accepted = [0, 200, 400, 1400, 2800, 4200].map((at) => debouncer.accept('A', at));
    expect(accepted).toEqual([true, false, false, false, false, false]);
  });

  it('treats different identifiers independently', () => {
    const debouncer = new ReadDebouncer(1500);
    expect([debouncer.accept('A', 0), debouncer.accept('B', 100), debouncer.accept('A', 200), debouncer.accept('B', 300)]).toEqual([true, true, false, false]);
  });

  it('with a zero window emits every read', () => {
    const debouncer = new ReadDebouncer(0);
    expect([debouncer.accept('A', 0), debouncer.accept('A', 0)]).toEqual([true, true]);
  });
});
