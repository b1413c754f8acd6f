import { z } from 'zod';
import { Id, Timestamp } from './common.js';
import { Reauthentication } from './web-app.js';

/**
 * Settings -> Developers, test mode: an owner deletes all test data (server/src/web/developers/),
 * with the password again and the company's name typed, as `studio test-data clear` asks for it.
 */
export const TestDataDeleteRequest = Reauthentication.extend({
  confirm: z.string().max(200).describe("The company's name, exactly, as the person typed it"),
});
export type TestDataDeleteRequest = z.infer<typeof TestDataDeleteRequest>;

/** Rows per table. */
const TableCounts = z.record(z.string(), z.number().int());

export const TestDataDeleted = z.object({
  company_id: Id.describe('The live company'),
  test_company_id: Id.nullable().describe('Its test mode; null when it never had one (nothing to delete)'),
  removed: TableCounts.describe('Rows deleted per table'),
  removed_in_words: z.array(z.string()).describe('What was deleted, in words ("2 locations"); tables with none left out'),
  kept: z.object({ api_keys: z.number().int(), webhook_endpoints: z.number().int() }).describe('What stays: test keys and test webhook endpoints'),
  cleared_at: Timestamp,
});
export type TestDataDeleted = z.infer<typeof TestDataDeleted>;
