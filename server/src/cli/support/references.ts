import type { Db } from '../../db/types.js';

/**
 * Placeholder until the cli-core branch's version is merged (that one is kept): the kinds of
 * reference a command argument may be, and the uuid a reference names. Here a reference is taken
 * as the uuid it must then be.
 */
export type RefKind = 'company' | 'location' | 'contact' | 'membership' | 'staff' | 'room' | 'service' | 'plan' | 'package' | 'class' | 'series' | 'booking' | 'key' | 'card';

export async function resolveRef(_db: Db, _kind: RefKind, text: string, _within?: { companyId?: string }): Promise<string> {
  return text;
}
