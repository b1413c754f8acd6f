import { checkPass, passStep, type ReadPass } from '@studio/shared/pass';
import type { KioskAnswer } from '@studio/shared/kiosk';
import { passGeneration } from '../eligibility/pass-generation.js';
import type { PassSteps } from '../eligibility/pass-steps.js';
import { refused } from './answers.js';
import type { ScanDeps } from './scan-check-in.js';

/**
 * A phone pass scanned at the kiosk (docs/phone-pass.md): checked here as at the door, offline,
 * against the location's live keys, the member's pass generation and the replay rule (the same
 * `pass_steps` as the door's, so a code works once in the whole box). The pass text never reaches
 * the server. Valid: the member it names, as the cache knows them; the class check-in follows.
 */
export async function passHolder(deps: ScanDeps & { passSteps: PassSteps }, pass: ReadPass): Promise<{ contactId: string; firstName: string | null } | KioskAnswer> {
  const now = deps.now();
  const cache = deps.eligibility;
  const checked = await checkPass(pass, cache.passKeys(now), passStep(now.getTime()), deps.passSteps.last(pass.memberId), passGeneration(cache, pass.memberId));
  const context = { firstName: null, cls: null, offline: false };
  if (!checked.valid) return refused(checked.reason, context);
  if (!deps.passSteps.advance(pass.memberId, checked.step)) return refused('used', context);
  const rows = cache.ofContact(pass.memberId);
  if (rows.length === 0) return refused('not_found', context);
  return { contactId: pass.memberId, firstName: rows[0]!.first_name };
}
