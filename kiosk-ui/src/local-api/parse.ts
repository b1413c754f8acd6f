import type { z } from 'zod';
import { KioskApiError } from './errors.js';

/** The one place a payload from elsewhere becomes typed: off-contract data is a KioskApiError, never a crash. */
export function parsePayload<T extends z.ZodType>(schema: T, value: unknown, what: string): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
  throw new KioskApiError('bad_reply', `${what} is not on the kiosk contract${where}: ${issue?.message ?? 'invalid'}`);
}
