import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

export interface TestSmtpOptions {
  /** Sign-in the server asks for (AUTH PLAIN/LOGIN); unset: it takes mail without. */
  auth?: { user: string; pass: string };
}

/** One message the server took, as mailparser read it, with the envelope it came in. */
export interface ReceivedMail {
  envelope: { from: string; to: string[] };
  parsed: ParsedMail;
  /** The message as it came over the wire, headers and all. */
  raw: string;
}

interface Waiter {
  to: string;
  resolve: (mail: ReceivedMail) => void;
}

/**
 * A real SMTP server on 127.0.0.1 and a free port (the `smtp-server` library), for tests of what
 * the server sends: each message is parsed with `mailparser` and kept. It speaks plain SMTP (no
 * STARTTLS offered), takes AUTH over it when `auth` is set, and refuses mail while `refuse` holds a
 * reply (e.g. `{ code: 451, message: 'Try again later' }`), to test retries.
 */
export class TestSmtpServer {
  readonly received: ReceivedMail[] = [];
  /** While set, every message is refused at the end of its DATA with this answer. */
  refuse: { code: number; message: string } | null = null;
  /** How long the server takes to answer a message's DATA, to keep sends in flight at once. */
  answerDelayMs = 0;
  readonly #server: SMTPServer;
  readonly #waiters: Waiter[] = [];
  readonly #taken = new Map<string, number>();
  #port = 0;

  constructor(options: TestSmtpOptions = {}) {
    const settings: SMTPServerOptions = {
      secure: false,
      disabledCommands: options.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
      authOptional: !options.auth,
      allowInsecureAuth: true,
      logger: false,
      onAuth: (auth, _session, callback) => {
        if (options.auth && auth.username === options.auth.user && auth.password === options.auth.pass) callback(null, { user: auth.username });
        else callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (this.refuse) {
            callback(Object.assign(new Error(this.refuse.message), { responseCode: this.refuse.code }));
            return;
          }
          const raw = Buffer.concat(chunks).toString('utf8');
          const envelope = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          };
          simpleParser(raw).then(
            (parsed) => {
              this.#keep({ envelope, parsed, raw });
              setTimeout(() => callback(), this.answerDelayMs);
            },
            (error: Error) => callback(error),
          );
        });
      },
    };
    this.#server = new SMTPServer(settings);
  }

  async listen(): Promise<this> {
    await new Promise<void>((resolve, reject) => {
      this.#server.server.once('error', reject);
      this.#server.listen(0, '127.0.0.1', () => resolve());
    });
    this.#port = (this.#server.server.address() as AddressInfo).port;
    return this;
  }

  get host(): string {
    return '127.0.0.1';
  }

  get port(): number {
    return this.#port;
  }

  /** The messages received for `to` so far. */
  to(address: string): ReceivedMail[] {
    return this.received.filter((mail) => mail.envelope.to.includes(address.toLowerCase()));
  }

  /** The next message to `address` not yet handed out by this call, waiting for it if need be (the test's own timeout ends a wait). */
  nextTo(address: string): Promise<ReceivedMail> {
    const key = address.toLowerCase();
    const taken = this.#taken.get(key) ?? 0;
    const already = this.to(key)[taken];
    this.#taken.set(key, taken + 1);
    if (already) return Promise.resolve(already);
    return new Promise((resolve) => this.#waiters.push({ to: address.toLowerCase(), resolve }));
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  #keep(mail: ReceivedMail): void {
    this.received.push(mail);
    for (const waiter of [...this.#waiters]) {
      if (!mail.envelope.to.includes(waiter.to)) continue;
      this.#waiters.splice(this.#waiters.indexOf(waiter), 1);
      waiter.resolve(mail);
      return;
    }
  }
}

/** A test SMTP server, listening. */
export async function startTestSmtpServer(options: TestSmtpOptions = {}): Promise<TestSmtpServer> {
  return new TestSmtpServer(options).listen();
}
