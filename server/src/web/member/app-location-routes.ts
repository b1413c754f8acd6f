import { memberAuthContracts as contracts } from '@studio/shared/contracts';
import type { MemberRequestContext } from '../../http/member-context.js';
import { implement, ok, type RouteSpec } from '../../http/route.js';
import { appLocation, appLocationView, type MemberAppLocation } from '../../modules/member-auth/location.js';

/** Installed from a location's address, the app opens there again, in its name and colour; its icons are the app's own. */
function manifestOf(location: MemberAppLocation) {
  return {
    name: location.name,
    short_name: location.name.length <= 12 ? location.name : location.name.slice(0, 12).trimEnd(),
    description: location.name,
    lang: location.language,
    start_url: `/m/?location=${encodeURIComponent(location.slug)}`,
    scope: '/m/',
    display: 'standalone' as const,
    background_color: '#ffffff',
    theme_color: location.accentColour,
    icons: [
      { src: '/m/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/m/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    ],
  };
}

/** What anyone may read of the location a members' app address names: how it looks, before signing in. */
export const appLocationRoutes: RouteSpec[] = [
  implement(contracts.memberAppLocation, async (ctx) => {
    await admit(ctx.member);
    return ok(appLocationView(await appLocation(ctx.db, ctx.query.location, ctx.query.company_id)));
  }),
  implement(contracts.memberAppManifest, async (ctx) => {
    await admit(ctx.member);
    return ok(manifestOf(await appLocation(ctx.db, ctx.query.location, ctx.query.company_id)));
  }),
];

/** A signed-out read counts against its client's anonymous budget, as a sign-in does. */
async function admit(member: MemberRequestContext | undefined): Promise<void> {
  if (!member) throw new Error('a members app route was mounted without the member authenticator');
  await member.admitAnonymous();
}
