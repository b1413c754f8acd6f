import { createHmac, randomBytes } from 'node:crypto';
import type { AgentDatabase } from '../store/database.js';

/**
 * A local name for a scanned identifier, for anti-passback and the decision log. Keyed with a
 * secret of this box (kept in its database): a plain hash of a 32-bit UID is reversed by trying
 * all 2^32 values. Logs show only `digestPrefix`.
 */
export type CredentialDigester = (identifier: string) => string;

export function createCredentialDigester(db: AgentDatabase): CredentialDigester {
  db.prepare('insert or ignore into local_secret (id, secret) values (1, ?)').run(randomBytes(32));
  const secret = db.prepare<[], { secret: Buffer }>('select secret from local_secret where id = 1').get()!.secret;
  return (identifier) => createHmac('sha256', secret).update(identifier.trim(), 'utf8').digest('base64url');
}

export function digestPrefix(digest: string): string {
  return digest.slice(0, 8);
}
