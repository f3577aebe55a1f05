import type { FunctionConfig } from '../src/api/function-config.ts';
import { bootstrap } from '../src/api/handlers/bootstrap.ts';
import { serveFunction } from '../src/api/serve.ts';

// Paths, methods, cache policy and data files: the route table (src/api/route-table.ts); a test checks this config against it.
export default serveFunction({ bootstrap });

export const config: FunctionConfig = {
  path: '/api/v1/bootstrap',
  method: ['GET', 'HEAD'],
  includedFiles: ['../public/api/_data/site.json', '../public/api/_data/announcements.json', '../public/api/_data/versions.json', '../public/api/history/today/*'],
};
