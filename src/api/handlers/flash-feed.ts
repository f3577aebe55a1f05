/** `/feeds/flash.xml` (RSS 2.0) and `/feeds/flash.atom` (Atom 1.0): the newest flash items as feeds, `?code=` for one storm. */
import { flashFeed } from '../../flash/flash-feed.ts';
import { DATA_FILES } from '../data-files.ts';
import { answerRequests } from '../bind.ts';
import type { ReadsOf, RequestContext } from '../context.ts';
import { ROUTES } from '../route-table.ts';
import { flashOf, LATEST_FLASH_ITEMS } from './flash.ts';

/** A feed handler answering the feed's text in one format (serve.ts sends a non-JSON payload as it is). */
const feedIn =
  (format: 'rss2' | 'atom1') =>
  async (
    ctx: RequestContext<ReadsOf<(typeof ROUTES)['flash-rss' | 'flash-atom']>>,
    { query: { code } }: { query: { code: string | null } },
  ) => {
    const items = (await flashOf(ctx, code)).slice(0, LATEST_FLASH_ITEMS);
    const site = await ctx.data(DATA_FILES.site);
    // A feed is web-only: it has no `ts`.
    return { payload: flashFeed(items, site, code, ctx.now())[format](), dataTime: null };
  };

export const flashRss = answerRequests(ROUTES['flash-rss'], feedIn('rss2'));
export const flashAtom = answerRequests(ROUTES['flash-atom'], feedIn('atom1'));
