import type { FunctionConfig } from '../src/api/function-config.ts';
import { seoNews } from '../src/api/handlers/flash.ts';
import { serveFunction } from '../src/api/serve.ts';

// Paths, methods, cache policy and data files: the route table (src/api/route-table.ts); a test checks this config against it.
export default serveFunction({ 'seo-news': seoNews });

export const config: FunctionConfig = {
  path: '/api/seo/news',
  method: ['GET', 'HEAD'],
};
