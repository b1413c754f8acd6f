import { contracts } from '@studio/shared/contracts';
import { systemClock, type Clock } from '../../clock/time.js';
import { implement, ok } from '../../http/route.js';
import { endMemberSessions } from '../../modules/member-auth/sessions.js';
import { memberAuthSettings } from '../../modules/member-auth/settings.js';
import { memberPassStatus, revokeMemberPass } from '../../modules/passes/member-passes.js';
import { sendPassInvite } from '../../modules/passes/pass-invite.js';
import { rotatePassKeys } from '../../modules/passes/pass-keys.js';

/**
 * Phone passes (docs/phone-pass.md): rotating a location's key (an owner anywhere, a manager at its
 * locations), and on a member's page their pass: whether they opened it, revoking it, emailing them
 * the way to it.
 */
export function passWebRoutes(clock: Clock = systemClock) {
  const memberSettings = memberAuthSettings(clock);
  return [
    implement(contracts.webRotatePassKeys, async ({ db, actor, body }) => ok(await rotatePassKeys(db, actor, body.location_id, clock))),
    implement(contracts.webMemberPass, async ({ db, actor, params }) => ok(await memberPassStatus(db, actor, params.id))),
    implement(contracts.webRevokeMemberPass, async ({ db, actor, params }) => {
      const revoked = await revokeMemberPass(db, actor, params.id, clock);
      // A lost phone must not fetch the new key: the member signs in again on the phone they keep.
      await endMemberSessions(db, memberSettings, { companyId: actor.companyId, contactId: params.id }, null, 'staff');
      return ok(revoked);
    }),
    implement(contracts.webSendMemberPass, async ({ db, actor, params, web }) => {
      if (!web) throw new Error('a staff web app route was mounted without its request context');
      return ok(await sendPassInvite(db, actor, params.id, web.origin, clock));
    }),
  ];
}
