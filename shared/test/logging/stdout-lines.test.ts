import { describe, expect, it, vi } from 'vitest';
import { stdoutLines } from '@studio/shared/logging';

const failure = (code: string) => Object.assign(new Error(code), { code });

/** A standard output that takes what `takes` says, each write; `written` is what got through. */
function fakeOutput(takes: (bytes: Uint8Array) => number | Error) {
  const written: string[] = [];
  const write = vi.fn((_fd: number, bytes: Uint8Array) => {
    const answer = takes(bytes);
    if (answer instanceof Error) throw answer;
    written.push(Buffer.from(bytes.subarray(0, answer)).toString());
    return answer;
  });
  return { written, write };
}

describe('JSON log lines to standard output', () => {
  it('writes each line at once', () => {
    const out = fakeOutput((bytes) => bytes.length);
    const lines = stdoutLines({ onClosed: () => expect.unreachable('open'), write: out.write });
    lines.write('{"a":1}\n');
    lines.write('{"b":2}\n');
    expect(out.written.join('')).toBe('{"a":1}\n{"b":2}\n');
  });

  it('tells once when the reader is gone (EPIPE), and drops every later line without writing', () => {
    const out = fakeOutput(() => failure('EPIPE'));
    const onClosed = vi.fn();
    const lines = stdoutLines({ onClosed, write: out.write });
    lines.write('{"a":1}\n');
    lines.write('{"b":2}\n');
    lines.flushSync();
    expect(onClosed).toHaveBeenCalledTimes(1);
    expect(out.write).toHaveBeenCalledTimes(1);
  });

  it('holds what a slow reader did not take (EAGAIN) without blocking, sends it in order later, and drops past its limit with a note', async () => {
    let full = true;
    const out = fakeOutput((bytes) => (full ? failure('EAGAIN') : Math.min(bytes.length, 5)));
    const lines = stdoutLines({ onClosed: () => expect.unreachable('open'), write: out.write, retryMs: 1, maxPendingBytes: 20, now: () => 0 });
    lines.write('{"a":1}\n');
    lines.write('{"b":2}\n');
    lines.write('{"c":3}\n'); // past 20 bytes held: dropped
    expect(out.written).toEqual([]);
    full = false;
    await vi.waitFor(() => expect(out.written.join('')).toContain('lines dropped'));
    expect(out.written.join('')).toBe('{"a":1}\n{"b":2}\n' + '{"level":40,"time":0,"event":"log.dropped","lines":1,"msg":"1 log lines dropped: standard output was not read"}\n');
  });

  it('loses only the line another failure hits', () => {
    let first = true;
    const out = fakeOutput((bytes) => {
      if (first) {
        first = false;
        return failure('EINVAL');
      }
      return bytes.length;
    });
    const lines = stdoutLines({ onClosed: () => expect.unreachable('open'), write: out.write });
    lines.write('{"a":1}\n');
    lines.write('{"b":2}\n');
    expect(out.written).toEqual(['{"b":2}\n']);
  });
});
