import { enrolmentKeys, type EnrolmentFormat } from '@studio/shared';
import { hashKey } from '../../src/modules/keys/key-format.js';
import { normalisePhone } from '../../src/modules/contacts/phone.js';

type Entry = Record<string, unknown>;

/** Every way a card's number may be written: hex either case and byte order, and as decimal. */
function cardForms(uid: string, format: EnrolmentFormat): string[] {
  const forms = [uid];
  for (const key of enrolmentKeys(uid, format).keys) {
    const value = key.slice(2);
    if (!key.startsWith('U:')) {
      forms.push(value);
      continue;
    }
    const reversed = value.match(/../g)!.reverse().join('');
    for (const hex of [value, reversed]) forms.push(hex, hex.toLowerCase(), BigInt(`0x${hex}`).toString(), BigInt(`0x${hex}`).toString().padStart(10, '0'));
  }
  return forms;
}

export interface Secrets {
  /** Must appear in no log line at any level. */
  never: string[];
  /** Personal data: must appear in no line at info or above. */
  notAtInfo: string[];
}

/** The secrets of the fixtures: every minted key, its secret and hash, each member code and card in every form; phones and emails. */
export function fixtureSecrets(keys: readonly string[], files: readonly Record<string, unknown>[]): Secrets {
  const never = keys.flatMap((key) => [key, key.split(/_sk_(?:live|test)_/)[1]!, hashKey(key)]);
  const notAtInfo: string[] = [];
  for (const file of files) {
    const countryOf = new Map((file.locations as Entry[]).map((location) => [location.ref, location.country as string]));
    for (const membership of file.memberships as Entry[]) {
      if (typeof membership.member_code === 'string') never.push(membership.member_code);
      for (const card of (membership.card_uids ?? []) as (string | { uid: string; format: EnrolmentFormat })[]) {
        never.push(...(typeof card === 'string' ? cardForms(card, 'auto') : cardForms(card.uid, card.format)));
      }
    }
    for (const contact of file.contacts as Entry[]) {
      if (typeof contact.email === 'string') notAtInfo.push(contact.email);
      if (typeof contact.phone === 'string') {
        notAtInfo.push(contact.phone, normalisePhone(contact.phone, countryOf.get(contact.location)!)!);
      }
    }
  }
  // Short numbers would match by chance (a duration, a count); every real secret here is longer.
  return { never: [...new Set(never)].filter((s) => s.length >= 6), notAtInfo: [...new Set(notAtInfo)].filter((s) => s.length >= 6) };
}

/** The log lines that show a secret, each with what it showed. */
export function leaks(lines: readonly string[], secrets: Secrets): string[] {
  const found: string[] = [];
  for (const line of lines) {
    const level = (JSON.parse(line) as { level: number }).level;
    for (const secret of secrets.never) if (line.includes(secret)) found.push(`${secret} in ${line.slice(0, 300)}`);
    if (level >= 30) for (const secret of secrets.notAtInfo) if (line.includes(secret)) found.push(`${secret} (at level ${level}) in ${line.slice(0, 300)}`);
  }
  return found;
}

/**
 * The server's log as the fuzz and the matrix write it (every line, down to trace), checked for
 * secrets line by line as it is written; only the count and the leaks are kept. Keeping the lines
 * themselves held hundreds of megabytes in a fuzz run, and a failing run's shrinking then ran the
 * worker out of memory. Secrets are added before anything can log them: the fixtures' when the
 * scan starts, each key's as it is minted.
 */
export class LogScan {
  lines = 0;
  readonly found: string[] = [];
  private readonly secrets: Secrets = { never: [], notAtInfo: [] };

  constructor(secrets: Secrets) {
    this.add(secrets);
  }

  add(more: Secrets): void {
    this.secrets.never.push(...more.never);
    this.secrets.notAtInfo.push(...more.notAtInfo);
  }

  write(line: string): void {
    this.lines++;
    // A request id is the server's own random hex: it carries nothing secret, and by chance it may
    // hold the digits of a fixture's card number ("req_…d1987655447" held "98765544" once).
    this.found.push(...leaks([line.replace(/"request_id":"req_[0-9a-f]+"/g, '"request_id":"req_"')], this.secrets));
  }
}
