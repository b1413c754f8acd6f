import { reasonInWords } from './reason-words.js';

/** One pino record as parsed from its JSON line: `level`, `time` (epoch ms), `msg`, and the fields. */
export type LogRecord = Record<string, unknown>;

const levels = { info: 30, warn: 40, error: 50 } as const;
/** Network failures the `server.unreachable` line reports once, so the retries that follow are not repeated. */
const unreachableCodes = new Set(['network_error', 'timeout']);
const labelWidth = 9;

type Line = [label: string, text: string];

/**
 * The short line a person at the terminal reads for a log record, or null when the record is not
 * for them (requests, debug, routine info). Notable events are recognised by their `event` field,
 * never by their message; any other warning or error prints its message. It prints only the fields
 * named here: a card is shown by the digest prefix the agent logs (`credential`), never its number.
 */
export function humanLogLine(record: LogRecord, timeZone?: string): string | null {
  const level = typeof record.level === 'number' ? record.level : 0;
  if (level < levels.info) return null;
  const line = eventLine(record) ?? (level >= levels.warn ? problemLine(record, level) : null);
  if (line === null) return null;
  return `${clockTime(record.time, timeZone)}  ${line[0].padEnd(labelWidth)} ${line[1]}`;
}

function eventLine(record: LogRecord): Line | null {
  const offline = record.offline === true ? ' (offline)' : '';
  switch (record.event) {
    case 'gate.granted': {
      const who = `lane ${text(record.lane)}, ${record.staff === true ? 'staff ' : ''}${card(record.credential)}`;
      return record.direction === 'out' ? ['exit', `${who}${offline}`] : ['check-in', `${who}${offline}`];
    }
    case 'gate.denied':
      return ['denied', `lane ${text(record.lane)}, ${card(record.credential)}: ${reasonInWords(record.reason)}${offline}`];
    case 'kiosk.check_in': {
      const already = record.outcome === 'already_checked_in' ? 'already checked in' : 'checked into class';
      return ['check-in', `${kioskWho(record)}: ${already}${record.walk_in === true ? ' (walk-in)' : ''}${offline}`];
    }
    case 'kiosk.denied':
      return ['denied', `${kioskWho(record)}: ${reasonInWords(record.reason)}${offline}`];
    case 'device.connected':
      return ['device', `${deviceName(record)} connected`];
    case 'device.lost':
      return ['device', `${deviceName(record)} ${record.state === 'unavailable' ? 'not connected' : 'lost'}${detail(record.lastError)}`];
    case 'server.unreachable':
      return ['server', `unreachable${detail(record.code)}: deciding from the cache`];
    case 'server.back':
      return ['server', 'reachable again'];
    case 'kiosk.offline':
      return ['kiosk', 'offline: answering from the cache'];
    case 'kiosk.online':
      return ['kiosk', 'back online'];
    case 'api.listening':
      return ['api', `listening at ${text(record.url)}`];
    case 'api.stopping':
      return ['api', 'stopping: finishing the requests in flight'];
    case 'api.stopped':
      return ['api', 'stopped'];
    case 'agent.started':
      return ['agent', `started: ${text(record.lanes)} lane(s), ${text(record.cached)} card(s) cached, ${text(record.outbox)} visit(s) to send`];
    case 'agent.stopped':
      return ['agent', 'stopped'];
    default:
      return null;
  }
}

/** A warning or an error: its message, the device it concerns, and its code or error message. */
function problemLine(record: LogRecord, level: number): Line | null {
  if (unreachableCodes.has(String(record.code)) && level < levels.error) return null;
  const subject = typeof record.device === 'string' ? `${record.device}: ` : '';
  const message = typeof record.msg === 'string' && record.msg !== '' ? record.msg : 'no message';
  return [level >= levels.error ? 'error' : 'warning', `${subject}${message}${detail(record.code ?? errorMessage(record.err) ?? record.error)}`];
}

function kioskWho(record: LogRecord): string {
  return typeof record.credential === 'string' ? `kiosk ${text(record.via)}, ${card(record.credential)}` : `kiosk ${text(record.via)}`;
}

function deviceName(record: LogRecord): string {
  return `${typeof record.kind === 'string' ? record.kind : 'device'} ${text(record.device)}`;
}

/** The agent's local digest prefix of a card, marked as a prefix; never the card's number. */
function card(credential: unknown): string {
  return typeof credential === 'string' && credential !== '' ? `card ${credential}…` : 'card';
}

function errorMessage(err: unknown): string | undefined {
  if (typeof err === 'string') return err;
  if (typeof err === 'object' && err !== null && typeof (err as { message?: unknown }).message === 'string') return (err as { message: string }).message;
  return undefined;
}

/** ` (what)`, the first line only, or nothing. */
function detail(value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  return ` (${String(value).split('\n')[0]})`;
}

function text(value: unknown): string {
  return value === undefined || value === null ? '?' : String(value);
}

const clocks = new Map<string, Intl.DateTimeFormat>();

/** HH:MM:SS on the box's clock (or the zone given, for tests). */
function clockTime(time: unknown, timeZone: string | undefined): string {
  if (typeof time !== 'number') return '--:--:--';
  const key = timeZone ?? '';
  let clock = clocks.get(key);
  if (!clock) clocks.set(key, (clock = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', timeZone })));
  return clock.format(time);
}
