import { openDatabase } from '@studio/server/src/db/dialects/open.js';

export interface SentSignInCode {
  /** The 6 digits the email carries. */
  code: string;
  /** The sign-in link the email carries: `<origin>/m/sign-in#<secret>`. */
  link: string;
}

/**
 * The newest sign-in code and link emailed to `email`, read where a member would read them. Today
 * that is the outbox (`member_messages`, template `sign_in_code`), as a server with no SMTP keeps
 * it; the one place to change when the tests read the mail a real SMTP test server received.
 */
export async function signInCodeFor(databaseUrl: string, email: string): Promise<SentSignInCode> {
  const db = await openDatabase(databaseUrl);
  try {
    const row = await db.first(
      db.qb.selectFrom('member_messages').select(['data']).where('template', '=', 'sign_in_code').where('to_address', '=', email).orderBy('created_at', 'desc').orderBy('id', 'desc'),
    );
    if (!row) throw new Error(`no sign-in code was emailed to ${email}`);
    const data = JSON.parse(row.data) as Partial<SentSignInCode>;
    if (typeof data.code !== 'string' || typeof data.link !== 'string') throw new Error(`the sign-in email to ${email} carries no code and link (cleared once sent?)`);
    return { code: data.code, link: data.link };
  } finally {
    await db.close();
  }
}
