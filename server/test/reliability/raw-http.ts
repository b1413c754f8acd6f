import { connect, type Socket } from 'node:net';

/** One HTTP/1.1 response as it came off the wire. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Every complete response in `raw`, in order (a pipelined exchange has several); answers to HEAD have no body. */
export function parseResponses(raw: string, head = false): RawAnswer[] {
  const answers: RawAnswer[] = [];
  let rest = Buffer.from(raw, 'utf8');
  for (;;) {
    const end = rest.indexOf('\r\n\r\n');
    if (end === -1) return answers;
    const [statusLine, ...lines] = rest.subarray(0, end).toString('utf8').split('\r\n');
    const status = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine!);
    if (!status) return answers;
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = head ? 0 : headers['content-length'] === undefined ? rest.length - end - 4 : Number(headers['content-length']);
    if (rest.length < end + 4 + length) return answers;
    answers.push({ status: Number(status[1]), headers, body: rest.subarray(end + 4, end + 4 + length).toString('utf8') });
    rest = rest.subarray(end + 4 + length);
  }
}

/** The first response in `raw`, or null when the server sent none (or only part of one). */
export function parseResponse(raw: string): RawAnswer | null {
  return parseResponses(raw)[0] ?? null;
}

/** A client connection that records what it receives and when the server closes it. */
export interface RawConnection {
  socket: Socket;
  received(): string;
  /** Resolves with the milliseconds from connect to the server closing the connection. */
  closed: Promise<number>;
  write(text: string | Buffer): Promise<void>;
}

export function openConnection(port: number): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    let data = '';
    const opened = Date.now();
    const closed = new Promise<number>((done) => socket.once('close', () => done(Date.now() - opened)));
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    // A reset when the server drops us is an expected outcome here, not a test failure.
    socket.on('error', () => {});
    socket.once('connect', () =>
      resolve({
        socket,
        received: () => data,
        closed,
        write: (text) => new Promise((written) => (socket.writable ? socket.write(text, () => written()) : written())),
      }),
    );
    socket.once('error', reject);
  });
}

export interface ExchangeOptions {
  /** How many responses to wait for (pipelining). */
  responses?: number;
  timeoutMs?: number;
  /** The request is a HEAD: its answer has no body. */
  head?: boolean;
}

/**
 * Sends `text` on a fresh connection and answers the responses that came back once enough of
 * them are complete, the server closes the connection, or the timeout passes.
 */
export async function exchangeAll(port: number, text: string | Buffer, { responses = 1, timeoutMs = 5000, head = false }: ExchangeOptions = {}): Promise<RawAnswer[]> {
  const connection = await openConnection(port);
  const complete = new Promise<void>((resolve) => {
    const check = () => parseResponses(connection.received(), head).length >= responses && resolve();
    connection.socket.on('data', check);
  });
  await connection.write(text);
  await Promise.race([connection.closed, complete, sleep(timeoutMs)]);
  connection.socket.destroy();
  return parseResponses(connection.received(), head);
}

/** `exchangeAll` for one response, or null when none came. */
export async function exchange(port: number, text: string | Buffer, timeoutMs = 5000): Promise<RawAnswer | null> {
  return (await exchangeAll(port, text, { timeoutMs }))[0] ?? null;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
