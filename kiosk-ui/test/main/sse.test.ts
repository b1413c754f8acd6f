import { describe, expect, it } from 'vitest';
import { parseServerSentEvents } from '../../src/main/sse.ts';

describe('parseServerSentEvents', () => {
  it('splits named events, skips comments and retry, joins data lines', () => {
    const text = 'retry: 3000\n\n: heartbeat\n\nevent: answer\ndata: {"a":1}\n\nevent: status\ndata: line one\ndata: line two\n\ndata: plain\n\n';
    expect(parseServerSentEvents(text)).toEqual({
      events: [
        { event: 'answer', data: '{"a":1}' },
        { event: 'status', data: 'line one\nline two' },
        { event: 'message', data: 'plain' },
      ],
      rest: '',
    });
  });

  it('keeps an unfinished event for the next chunk, across CRLF line ends', () => {
    const first = parseServerSentEvents('event: answer\r\ndata: {"outcome":');
    expect(first).toEqual({ events: [], rest: 'event: answer\ndata: {"outcome":' });
    const second = parseServerSentEvents(`${first.rest}"checked_in"}\r\n\r\nevent: sta`);
    expect(second).toEqual({ events: [{ event: 'answer', data: '{"outcome":"checked_in"}' }], rest: 'event: sta' });
  });
});
