/** Reads Server-Sent Events from a fetch body until `count` events of `name` arrived. */
export async function readEvents(body: ReadableStream<Uint8Array>, name: string, count: number): Promise<unknown[]> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const events: unknown[] = [];
  let buffer = '';
  while (events.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.+)$/m.exec(block)?.[1];
      const data = /^data: (.+)$/m.exec(block)?.[1];
      if (event === name && data) events.push(JSON.parse(data));
    }
  }
  await reader.cancel();
  return events;
}
