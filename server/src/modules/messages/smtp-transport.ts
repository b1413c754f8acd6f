import nodemailer, { type Transporter } from 'nodemailer';
import type { SmtpSettings } from './smtp-settings.js';
import type { RenderedMessage } from './templates/render.js';

/** How a send went: accepted by the provider, or refused / unreachable with a short reason for staff. */
export type SmtpOutcome = { ok: true } | { ok: false; detail: string; code: string | null };

/**
 * Sends members' emails to the studio's SMTP provider with nodemailer: STARTTLS when the provider
 * offers it, TLS from the start with `secure`; a connection per message (a handful a minute at a
 * studio). The timeouts keep a dead provider from holding a send for long.
 */
export class SmtpTransport {
  readonly #transporter: Transporter;
  readonly #from: string;

  constructor(settings: SmtpSettings, timeoutMs = 30_000) {
    this.#from = settings.from;
    this.#transporter = nodemailer.createTransport({
      host: settings.host,
      port: settings.port,
      secure: settings.secure,
      ...(settings.auth && { auth: settings.auth }),
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    });
  }

  /** `fromName` names a bare SMTP_FROM address (the location's name); a From with its own name keeps it. `date`: the Date header, the sender's clock. */
  async send(to: string, fromName: string, message: RenderedMessage, date: Date): Promise<SmtpOutcome> {
    const from = this.#from.includes('<') ? this.#from : { name: fromName, address: this.#from };
    try {
      await this.#transporter.sendMail({ from, to, date, subject: message.subject, text: message.text, html: message.html, headers: message.headers });
      return { ok: true };
    } catch (error) {
      return { ok: false, ...shortReason(error) };
    }
  }

  close(): void {
    this.#transporter.close();
  }
}

/** The provider's answer line (`550 5.7.1 Relaying denied`) or the connection's error, on one line and short. */
export function shortReason(error: unknown): { detail: string; code: string | null } {
  const fields = (error ?? {}) as { response?: unknown; message?: unknown; code?: unknown };
  const text = typeof fields.response === 'string' ? fields.response : typeof fields.message === 'string' ? fields.message : String(error);
  const line = text.split(/\r?\n/)[0]!.trim();
  return { detail: line.length > 200 ? `${line.slice(0, 199)}…` : line, code: typeof fields.code === 'string' ? fields.code : null };
}
