import { ApiRequestError, defaultRetries, type StudioClient } from '@studio/shared/client';
import type { Logger } from 'pino';
import type { ServerContact } from '../link/server-contact.js';
import { ServerLink } from '../link/server-link.js';
import type { EligibilityCache, FeedPage } from './cache.js';

export type FeedServer = Pick<StudioClient['members'], 'eligibility'>;

export interface FeedSyncDeps {
  server: FeedServer;
  cache: EligibilityCache;
  contact: ServerContact;
  locationId: string;
  pageLimit: number;
  logger: Logger;
  now: () => Date;
  /** Called after a pass reached the end of the feed: the server is back, so drain the outbox. */
  onCaughtUp?: () => void;
}

/**
 * One page may take this long, its retries included. A page is a read, safe to repeat, so the
 * client's usual retries smooth a blip; a pass that still fails resumes from its last page later.
 */
const pageBudgetMs = 30_000;

/**
 * Keeps the eligibility cache current: a full load (paged) when there is no cursor, then deltas
 * from the stored cursor. Each page commits with its cursor, so a crash or an outage resumes where
 * it stopped. A refused cursor, a location change or a rotated hash key starts a new full load,
 * filled beside the cache that keeps answering until the reload's last page (see EligibilityCache).
 */
export async function syncFeed(deps: FeedSyncDeps): Promise<void> {
  const log = deps.logger.child({ module: 'feed-sync' });
  const link = new ServerLink(deps.server, deps.contact);
  const before = deps.cache.state();
  // A reload under way is resumed; one for another location is started again.
  const resumable = before.reload === null ? before.locationId === deps.locationId : before.reload.locationId === deps.locationId;
  let cursor = resumable ? ((before.reload ?? before).cursor ?? undefined) : undefined;
  let startsFullLoad = cursor === undefined;
  let knownKey = before.reload?.hashKey ?? before.hashKey;
  let rows = 0;
  const fetchPage = (from: string | undefined): Promise<FeedPage> => {
    const query = { location_id: deps.locationId, limit: deps.pageLimit, ...(from !== undefined && { cursor: from }) };
    const fetched = link.within(pageBudgetMs, { retries: defaultRetries })((o) => link.server.eligibility(query, o));
    // Awaited by the next turn of the loop; a failure is handled there, not as an unhandled rejection.
    fetched.catch(() => undefined);
    return fetched;
  };
  let next: Promise<FeedPage> | null = null;
  for (;;) {
    let page;
    const pending: Promise<FeedPage> = next ?? fetchPage(cursor);
    next = null;
    try {
      page = await pending;
    } catch (error) {
      if (cursor !== undefined && error instanceof ApiRequestError && error.status === 400 && error.param === 'cursor') {
        log.warn({ code: error.code }, 'the server refused the feed cursor; reloading the cache in full');
        cursor = undefined;
        startsFullLoad = true;
        continue;
      }
      throw error;
    }
    if (!startsFullLoad && knownKey !== null && page.credential_hash_key !== knownKey) {
      log.warn('the company hash key changed; reloading the cache in full');
      cursor = undefined;
      startsFullLoad = true;
      continue;
    }
    // The next page is asked for before this one is written, so the server builds it meanwhile.
    next = page.has_more ? fetchPage(page.next_cursor) : null;
    if (next) await new Promise(setImmediate);
    deps.cache.applyPage(page, { startsFullLoad, at: deps.now() });
    knownKey = page.credential_hash_key;
    rows += page.data.length;
    startsFullLoad = false;
    cursor = page.next_cursor;
    if (!page.has_more) break;
  }
  log.debug({ rows, total: deps.cache.rowCount() }, 'eligibility cache current');
  deps.onCaughtUp?.();
}
