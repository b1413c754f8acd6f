import { Agent, request } from 'undici';
import { checkWebhookUrl, guardedLookup, type WebhookTargetPolicy } from './address-guard.js';

/** How one attempt went: `ok` for a 2xx within the timeout; `error` in words, never a secret or the URL. */
export interface SendOutcome {
  ok: boolean;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
}

export interface SenderSettings extends WebhookTargetPolicy {
  /** A whole attempt, connection to last byte of the answer; longer is a failed attempt. */
  readonly timeoutMs: number;
  /** Monotonic milliseconds for latencies; default performance.now. */
  readonly monotonic?: () => number;
}

/** Bytes of an answer read before the connection is given up; a receiver's answer body is ignored. */
const answerBytesRead = 64 * 1024;

/**
 * POSTs signed event bodies. One undici agent serves every send, so connections to a receiver are
 * reused; its `lookup` holds the address guard on every connection (address-guard.ts). Redirects
 * are not followed: a 3xx is a failed attempt, and cannot lead the server somewhere else.
 */
export class WebhookSender {
  readonly #agent: Agent;
  readonly #monotonic: () => number;

  constructor(private readonly settings: SenderSettings) {
    this.#agent = new Agent({ connect: { lookup: guardedLookup(settings), timeout: settings.timeoutMs }, keepAliveTimeout: 4000 });
    this.#monotonic = settings.monotonic ?? (() => performance.now());
  }

  async send(url: string, headers: Record<string, string>, body: string, stopping: AbortSignal): Promise<SendOutcome> {
    const refused = checkWebhookUrl(url, this.settings);
    if (refused) return { ok: false, statusCode: null, latencyMs: 0, error: refused };
    const started = this.#monotonic();
    const latency = () => Math.max(0, Math.round(this.#monotonic() - started));
    const timeout = AbortSignal.timeout(this.settings.timeoutMs);
    try {
      const answer = await request(url, {
        method: 'POST',
        dispatcher: this.#agent,
        headers: { ...headers, 'content-type': 'application/json', 'user-agent': 'studio-webhooks/1' },
        body,
        signal: AbortSignal.any([timeout, stopping]),
      });
      await answer.body.dump({ limit: answerBytesRead, signal: AbortSignal.any([timeout, stopping]) });
      const ok = answer.statusCode >= 200 && answer.statusCode < 300;
      return { ok, statusCode: answer.statusCode, latencyMs: latency(), error: ok ? null : `HTTP ${answer.statusCode}` };
    } catch (error) {
      const words = timeout.aborted ? `no answer within ${this.settings.timeoutMs / 1000} s` : stopping.aborted ? 'the server stopped during the attempt' : errorWords(error);
      return { ok: false, statusCode: null, latencyMs: latency(), error: words };
    }
  }

  async close(): Promise<void> {
    await this.#agent.destroy();
  }
}

const codeWords: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  UND_ERR_SOCKET: 'connection closed by the receiver',
  CERT_HAS_EXPIRED: 'TLS certificate expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'TLS certificate not trusted (self-signed)',
};

/** An attempt's failure in words: the guard's own message, or a known code; never a raw message, which may name the URL. */
function errorWords(error: unknown): string {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const code = (cause as { code?: unknown }).code;
    if (code === 'WEBHOOK_TARGET_REFUSED') return cause.message;
    if (typeof code === 'string' && codeWords[code]) return codeWords[code];
    if (typeof code === 'string' && /^[A-Z_]+$/.test(code)) return `request failed (${code})`;
  }
  return 'request failed';
}
