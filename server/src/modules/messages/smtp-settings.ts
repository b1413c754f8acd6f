import { z } from 'zod';

/** How members' emails leave the box (sender.ts): the studio's own mail provider, over SMTP. */
export interface SmtpSettings {
  host: string;
  port: number;
  /** true: TLS from the first byte (port 465); false: STARTTLS when the server offers it, as nodemailer does. */
  secure: boolean;
  /** null: the provider takes mail without signing in (a relay on the LAN). */
  auth: { user: string; pass: string } | null;
  /** The sender, `mail@studio.example` or `Alder Yoga <mail@studio.example>`; a bare address gets the location's name. */
  from: string;
}

/** The settings of member messages in the server's environment (config.ts spreads it into its schema). */
export const messagesEnv = z.object({
  SMTP_HOST: z.string().min(1).optional().describe("The studio's mail provider (SMTP) for members' emails; unset: messages wait in the outbox, each with one 'not_configured' attempt"),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional().describe('Default 465 with SMTP_SECURE=on, else 587'),
  SMTP_SECURE: z.enum(['on', 'off']).default('off').describe('on: TLS from the start (port 465); off: STARTTLS when the provider offers it'),
  SMTP_USER: z.string().min(1).optional().describe('The account at the provider; with SMTP_PASSWORD'),
  SMTP_PASSWORD: z.string().min(1).optional().describe('Never logged'),
  SMTP_FROM: z.string().min(3).optional().describe('The sender address, e.g. hello@studio.example or "Alder Yoga <hello@studio.example>"; needed with SMTP_HOST'),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .describe("The address members reach this server at, for the links in their emails (e.g. https://studio.example.com); default the server's own"),
});
type MessagesEnv = z.infer<typeof messagesEnv>;

/** The environment's problems with these settings, as config.ts reports them. */
export function smtpProblems(env: MessagesEnv): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  if ((env.SMTP_USER === undefined) !== (env.SMTP_PASSWORD === undefined)) problems.push({ path: 'SMTP_USER', message: 'SMTP_USER and SMTP_PASSWORD go together: set both, or neither' });
  if (env.SMTP_HOST !== undefined && env.SMTP_FROM === undefined) problems.push({ path: 'SMTP_FROM', message: 'needed with SMTP_HOST: the address members get their emails from' });
  return problems;
}

/** The SMTP settings, or null when no provider is set (the sender then keeps messages queued). */
export function smtpSettingsOf(env: MessagesEnv): SmtpSettings | null {
  if (env.SMTP_HOST === undefined || env.SMTP_FROM === undefined) return null;
  const secure = env.SMTP_SECURE === 'on';
  return {
    host: env.SMTP_HOST,
    port: env.SMTP_PORT ?? (secure ? 465 : 587),
    secure,
    auth: env.SMTP_USER !== undefined && env.SMTP_PASSWORD !== undefined ? { user: env.SMTP_USER, pass: env.SMTP_PASSWORD } : null,
    from: env.SMTP_FROM,
  };
}
