import type { FunctionConfig } from '../src/api/function-config.ts';
import { flashAtom, flashRss } from '../src/api/handlers/flash-feed.ts';
import { serveFunction } from '../src/api/serve.ts';

// Paths, methods, cache policy and data files: the route table (src/api/route-table.ts); a test checks this config against it.
export default serveFunction({ 'flash-rss': flashRss, 'flash-atom': flashAtom });

export const config: FunctionConfig = {
  path: ['/feeds/flash.xml', '/feeds/flash.atom'],
  method: ['GET', 'HEAD'],
  includedFiles: ['../public/api/_data/site.json'],
};
