/**
 * The messages members get by email. Each is a template per language (./content.ts, ./catalogs)
 * filled with its values; `sign_in_code` carries a secret, cleared from the outbox once handled.
 */
export const messageTemplates = [
  'sign_in_code',
  'booking_confirmed',
  'booking_cancelled',
  'booking_moved',
  'waitlist_promoted',
  'waitlist_offer',
  'class_cancelled',
  'class_reminder',
  'pass_invite',
] as const;
export type MessageTemplate = (typeof messageTemplates)[number];
