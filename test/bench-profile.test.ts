import { describe, expect, it } from 'vitest';
import { summariseProfile } from '../bench/profile.js';

const frame = (functionName: string, url = '') => ({ functionName, url, lineNumber: 0, columnNumber: 0 });

/** root → handler (server) → step (native); root → idle; root → parse (node:) */
const profile = {
  nodes: [
    { id: 1, callFrame: frame('(root)'), children: [2, 4, 5] },
    { id: 2, callFrame: frame('handler', 'file:///repo/server/src/modules/members/resolve.ts'), children: [3] },
    { id: 3, callFrame: frame('step') },
    { id: 4, callFrame: frame('(idle)') },
    { id: 5, callFrame: frame('parserOnIncoming', 'node:_http_server') },
  ],
  // One sample per millisecond; the first two fall before the window.
  samples: [2, 2, 3, 3, 3, 2, 4, 4, 5, 3],
  timeDeltas: Array(10).fill(1000),
};

describe('the bench profile summary', () => {
  it('counts only the window, leaves idle out, and charges a native frame to the code that called it', () => {
    const summary = summariseProfile(profile, { fromMs: 2.5, toMs: 10 }, 2);
    // In the window (ms 3..10): step ×4, handler ×1, idle ×2 (left out), parser ×1.
    expect(summary.usPerRequest).toBe(3000);
    expect(summary.areas).toEqual([
      { area: 'native, called from server: domain services', share: 4 / 6, usPerRequest: 2000 },
      { area: 'server: domain services', share: 1 / 6, usPerRequest: 500 },
      { area: 'Node internals (http, net, streams, crypto)', share: 1 / 6, usPerRequest: 500 },
    ]);
    expect(summary.functions[0]).toEqual({ area: 'step (native) · native, called from server: domain services', share: 4 / 6, usPerRequest: 2000 });
  });
});
