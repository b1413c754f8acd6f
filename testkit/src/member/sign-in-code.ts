import { startTestSmtpServer, type TestSmtpServer } from '../mail/smtp-server.js';

export interface SentSignInCode {
  /** The 6 digits the email carries. */
  code: string;
  /** The sign-in link the email carries: `<origin>/m/sign-in#<secret>`. */
  link: string;
}

/** Where a test studio's members' emails arrive: a real SMTP server, and the settings that send there. */
export interface MemberMailbox {
  smtp: TestSmtpServer;
  /** The studio's SMTP settings for it (no TLS, no sign-in: a loopback test server). */
  env: Record<string, string>;
}

export async function startMemberMailbox(): Promise<MemberMailbox> {
  const smtp = await startTestSmtpServer();
  return { smtp, env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_FROM: 'North Studio <hello@north.example>' } };
}

/**
 * The sign-in code and link of the next email to `email`, read as a member reads them: from the
 * mail the studio sent over SMTP, its plain-text part (the code is its only run of 6 digits).
 */
export async function signInCodeFor(mailbox: MemberMailbox, email: string): Promise<SentSignInCode> {
  const mail = await mailbox.smtp.nextTo(email);
  const text = mail.parsed.text ?? '';
  const code = /(?<!\d)(\d{6})(?!\d)/.exec(text)?.[1];
  const link = /(https?:\/\/\S+\/m\/sign-in#[\w-]+)/.exec(text)?.[1];
  if (!code || !link) throw new Error(`the email to ${email} carries no sign-in code and link: ${mail.parsed.subject ?? ''}`);
  return { code, link };
}
