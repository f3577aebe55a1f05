import type { FunctionConfig } from '../src/api/function-config.ts';
import { historyNear } from '../src/api/handlers/history-near.ts';
import { serveFunction } from '../src/api/serve.ts';

// Paths, methods, cache policy and data files: the route table (src/api/route-table.ts); a test checks this config against it.
export default serveFunction({ 'history-near': historyNear });

export const config: FunctionConfig = {
  path: ['/api/history/near', '/api/v1/history/near'],
  method: ['GET', 'HEAD'],
  includedFiles: ['../public/api/_data/archive-summaries.json', '../public/api/_data/archive-tracks.json', '../public/api/_data/proximity-index.json'],
};
