import { contracts } from '@studio/shared/contracts';
import { implement, ok } from '../../http/route.js';
import { checkIn } from './checkin.js';
import { eligibilityFeed } from './feed.js';
import { resolveMember } from './resolve.js';
import { listVisits } from './visits.js';
import { voidVisit } from './void-visit.js';

export const memberRoutes = [
  implement(contracts.resolveMember, async ({ db, actor, body }) => ok(await resolveMember(db, actor, body))),
  implement(contracts.checkInMember, async ({ db, actor, body }) => {
    const { visit, created } = await checkIn(db, actor, body);
    return { status: created ? 201 : 200, body: visit };
  }),
  implement(contracts.memberEligibilityFeed, async ({ db, actor, query, cursors }) => ok(await eligibilityFeed(db, actor, query, cursors))),
  implement(contracts.listMembershipVisits, async ({ db, actor, params, query, cursors }) => ok(await listVisits(db, actor, params.id, query, cursors))),
  implement(contracts.voidVisit, async ({ db, actor, params, body }) => ok(await voidVisit(db, actor, params.id, body))),
];
