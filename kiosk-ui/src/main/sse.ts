export interface ServerSentEvent {
  event: string;
  data: string;
}

/**
 * Splits a Server-Sent Events text into complete events and the unfinished rest (to prepend to the
 * next chunk). Comments (`: heartbeat`) and `retry:`/`id:` fields are dropped; `data:` lines join
 * with newlines; an event without a name is `message`, as in EventSource.
 */
export function parseServerSentEvents(text: string): { events: ServerSentEvent[]; rest: string } {
  const normalised = text.replace(/\r\n?/g, '\n');
  const blocks = normalised.split('\n\n');
  const rest = blocks.pop() ?? '';
  const events: ServerSentEvent[] = [];
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length > 0) events.push({ event, data: data.join('\n') });
  }
  return { events, rest };
}
