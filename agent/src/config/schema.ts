import { isLoopbackHost, normaliseFingerprint } from '@studio/shared/network';
import { z } from 'zod';
import { DevicesConfig } from '../devices/config.js';
import { KioskConfig } from './kiosk.js';
import { LaneConfig } from './lanes.js';

/**
 * The agent's one config file (`version: 1`). This schema is the single source of defaults and
 * documentation (agent/README.md mirrors it); `loadAgentConfig` validates it once and prints every
 * problem as `path: message`.
 */

const seconds = z.number().int().min(0);

const tlsFingerprint = z.string().transform((text, ctx) => {
  const fingerprint = normaliseFingerprint(text);
  if (fingerprint !== null) return fingerprint;
  ctx.addIssue({ code: 'custom', message: 'must be a SHA-256 fingerprint: 64 hex digits, with or without colons (`studio tls fingerprint` prints it)' });
  return z.NEVER;
});

/** The API key goes with every request: it crosses the network only encrypted, unless the operator says otherwise. */
function transportIssues(server: { url: string; tls_fingerprint?: string | undefined; allow_insecure_http: boolean }): { path: string[]; message: string }[] {
  // Another scheme, or no URL at all, is the url field's own problem.
  const url = URL.canParse(server.url) ? new URL(server.url) : null;
  if (url?.protocol !== 'http:') return [];
  const issues = [];
  if (server.tls_fingerprint !== undefined) issues.push({ path: ['server', 'tls_fingerprint'], message: 'pins the certificate of an HTTPS server: make server.url https://' });
  if (!server.allow_insecure_http && !isLoopbackHost(url.hostname)) {
    issues.push({
      path: ['server', 'url'],
      message: `http:// to ${url.hostname} would send the API key unencrypted: serve HTTPS (studio serve with TLS=self-signed), make this https:// and set server.tls_fingerprint to \`studio tls fingerprint\` (docs/https.md); or, on a network you trust, set server.allow_insecure_http: true`,
    });
  }
  return issues;
}

export const AgentConfigSchema = z
  .strictObject({
    version: z.literal(1),
    server: z.strictObject({
      url: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).describe('the versioned API base, e.g. https://10.0.0.2:3000/v1'),
      api_key: z
        .string()
        .min(1)
        .optional()
        .describe(
          "this device's device key (studio keys create --device <device_id> --kind turnstile|kiosk|desk_reader, or the Devices page), bound to this config's device_id; or env STUDIO_AGENT_KEY",
        ),
      tls_fingerprint: tlsFingerprint
        .optional()
        .describe("the SHA-256 fingerprint of the server's certificate (`studio tls fingerprint`): only that certificate is accepted, with no CA; without it, the usual CA checks"),
      allow_insecure_http: z.boolean().default(false).describe('allow http:// to an address other than loopback: the API key then crosses the network unencrypted'),
    }),
    location_id: z.guid(),
    device_id: z.string().min(1).max(100),
    devices: DevicesConfig.prefault({}),
    lanes: z.array(LaneConfig).default([]),
    budgets: z
      .strictObject({
        online_decision_ms: z.number().int().min(100).max(10_000).default(1500).describe('resolve + check-in; past it the cache decides'),
      })
      .prefault({}),
    offline: z
      .strictObject({
        max_cache_age_s: seconds.default(86_400).describe('older than this, offline scans are refused with cache_stale'),
        staff_identifiers: z.array(z.string().trim().min(1)).default([]).describe('admitted offline even with a stale cache'),
      })
      .prefault({}),
    anti_passback_s: seconds.default(10).describe('a member who passed the same way within this many seconds is refused, whatever card or code they show (0: off)'),
    sync: z
      .strictObject({
        feed_interval_s: z.number().min(0.05).default(30),
        drain_interval_s: z.number().min(0.05).default(5),
        max_backoff_s: z.number().min(0.05).default(60),
        page_limit: z.number().int().min(1).max(1000).default(1000),
      })
      .prefault({}),
    heartbeat: z
      .strictObject({
        interval_s: z.number().min(0.05).default(30).describe("how often the agent reports its health to the server (also once at start), for the web app's Devices page"),
        timeout_ms: z.number().int().min(100).max(30_000).default(5000).describe('one heartbeat waits this long for the server; the next one is the retry'),
      })
      .prefault({}),
    store: z.strictObject({ path: z.string().min(1).default('data/agent.db').describe('relative to the config file') }).prefault({}),
    local_api: z
      .strictObject({
        enabled: z.boolean().default(true),
        host: z.string().min(1).default('127.0.0.1'),
        port: z.number().int().min(0).max(65_535).default(8787),
      })
      .prefault({}),
    kiosk: KioskConfig.prefault({}),
    desk: z
      .strictObject({
        readers: z
          .array(z.string().min(1))
          .default([])
          .describe('ids of readers at the front desk, for enrolling cards: their reads go to the server as desk scans (POST /v1/desk-scans), never to a lane; nothing opens'),
        api_key: z
          .string()
          .min(1)
          .optional()
          .describe(
            "the desk readers' own device key (kind desk_reader), when server.api_key is this agent's turnstile or kiosk key: mint it for device id <device_id>:<reader> (one desk reader); without it, server.api_key must be a desk reader's key for this device_id",
          ),
      })
      .prefault({}),
    log_level: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .superRefine((config, ctx) => {
    for (const issue of transportIssues(config.server)) ctx.addIssue({ code: 'custom', ...issue });
    const readers = new Set(config.devices.readers.map((r) => r.id));
    const relays = new Set(config.devices.relays.map((r) => r.id));
    config.lanes.forEach((lane, i) => {
      if (!readers.has(lane.reader)) ctx.addIssue({ code: 'custom', path: ['lanes', i, 'reader'], message: `no reader "${lane.reader}" in devices.readers` });
      if (!relays.has(lane.relay)) ctx.addIssue({ code: 'custom', path: ['lanes', i, 'relay'], message: `no relay "${lane.relay}" in devices.relays` });
    });
    const laneReaders = config.lanes.map((lane) => lane.reader);
    laneReaders.forEach((reader, i) => {
      if (laneReaders.indexOf(reader) !== i) ctx.addIssue({ code: 'custom', path: ['lanes', i, 'reader'], message: `reader "${reader}" already drives another lane` });
    });
    const { kiosk } = config;
    if (kiosk.reader !== undefined) {
      if (!readers.has(kiosk.reader)) ctx.addIssue({ code: 'custom', path: ['kiosk', 'reader'], message: `no reader "${kiosk.reader}" in devices.readers` });
      if (laneReaders.includes(kiosk.reader)) ctx.addIssue({ code: 'custom', path: ['kiosk', 'reader'], message: `reader "${kiosk.reader}" drives a lane; the kiosk needs a reader of its own` });
    }
    config.desk.readers.forEach((reader, i) => {
      const path = ['desk', 'readers', i];
      if (!readers.has(reader)) ctx.addIssue({ code: 'custom', path, message: `no reader "${reader}" in devices.readers` });
      if (laneReaders.includes(reader)) ctx.addIssue({ code: 'custom', path, message: `reader "${reader}" drives a lane; a desk reader must never open a door` });
      if (kiosk.reader === reader) ctx.addIssue({ code: 'custom', path, message: `reader "${reader}" is the kiosk's; the desk needs a reader of its own` });
    });
    if (kiosk.enabled && !config.local_api.enabled) ctx.addIssue({ code: 'custom', path: ['kiosk', 'enabled'], message: 'the kiosk is served by the local API: enable local_api' });
    if (kiosk.enabled && !isLoopbackHost(config.local_api.host)) {
      ctx.addIssue({ code: 'custom', path: ['local_api', 'host'], message: 'with the kiosk enabled the local API must listen on loopback (127.0.0.0/8, ::1 or localhost): it has no authentication' });
    }
  });

export type AgentConfigInput = z.input<typeof AgentConfigSchema>;
/** The validated config, with the API key resolved (file or env) and the store path absolute. */
export type AgentConfig = z.output<typeof AgentConfigSchema> & { server: { api_key: string } };
