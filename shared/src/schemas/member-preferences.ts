import { z } from 'zod';

/** A member's choices about their emails, as the members' app reads and sets them. */
export const MemberPreferences = z.strictObject({
  class_reminders: z.boolean().describe("A reminder email before each class booked; on unless the member turned it off (here, or with a reminder's one-click unsubscribe link)"),
});

export const MemberPreferencesUpdate = z.strictObject({
  class_reminders: z.boolean().optional().describe('true: reminders on; false: off. Left out: unchanged'),
});
