import type { z } from 'zod';
import { commonWords } from '../i18n/outside.ts';

/** A zod result as one message per top-level field, for the field's `error` prop; '' holds form-wide issues. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : '';
    errors[field] ??= sentence(issue.message);
  }
  return errors;
}

function sentence(message: string): string {
  if (message.startsWith('Invalid input') || message.startsWith('Too small') || message.startsWith('Too big') || message.startsWith('Invalid')) return friendlier(message);
  return message;
}

/** zod's own words are for developers: the person at the form reads one of ours, in the app's language. */
function friendlier(message: string): string {
  const t = commonWords();
  if (message.includes('email')) return t('form.email');
  if (message.startsWith('Too small')) return t('form.required');
  if (message.startsWith('Too big')) return t('form.too_long');
  return t('form.check');
}

/** Empty inputs are absent, not "" (the API's optional fields reject an empty string). */
export function withoutEmpty<T extends Record<string, unknown>>(values: T): Partial<T> {
  const result: Partial<T> = {};
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === 'string' && value.trim() === '') continue;
    (result as Record<string, unknown>)[key] = value;
  }
  return result;
}
