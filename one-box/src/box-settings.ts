import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dataDir } from '@studio/server/src/config.js';
import { z } from 'zod';
import { keepOutOfGit } from './git-ignored.js';

/**
 * Which business and location this box serves: its front door, front desk reader and kiosk stand there.
 * Written by `studio setup` (your own studio) or by the demo's first start, beside the database
 * (`box.json`), so `studio start` needs no flag after the first time.
 */
export const BoxSettings = z.object({
  company_id: z.uuid(),
  location_id: z.uuid(),
  /** True for the demo business, which `npm start` seeds on an empty data folder. */
  demo: z.boolean(),
});
export type BoxSettings = z.infer<typeof BoxSettings>;

export function boxSettingsFile(databaseUrl: string): string {
  return join(dataDir(databaseUrl), 'box.json');
}

export class BoxSettingsError extends Error {
  override name = 'ConfigError';
}

export function readBoxSettings(databaseUrl: string): BoxSettings | null {
  const file = boxSettingsFile(databaseUrl);
  if (!existsSync(file)) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new BoxSettingsError(`${file} is not JSON (${(error as Error).message}): restore it from a backup, or delete it and run \`studio setup\` again`);
  }
  const parsed = BoxSettings.safeParse(raw);
  if (!parsed.success) throw new BoxSettingsError(`${file}: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  return parsed.data;
}

/** Written once per data folder (setup, or the demo's first start): the folder is then kept out of git too. */
export function writeBoxSettings(databaseUrl: string, settings: BoxSettings): void {
  keepOutOfGit(dataDir(databaseUrl));
  writeFileSync(boxSettingsFile(databaseUrl), JSON.stringify(settings, null, 2) + '\n', { mode: 0o600 });
}
