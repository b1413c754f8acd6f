import type { z } from 'zod';

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

function friendlier(message: string): string {
  if (message.includes('email')) return 'Enter an email address such as name@example.com.';
  if (message.startsWith('Too small')) return 'This field is required.';
  if (message.startsWith('Too big')) return 'This is too long.';
  return 'Check this field.';
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
