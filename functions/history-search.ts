import type { FunctionConfig } from '../src/api/function-config.ts';
import { historySearch } from '../src/api/handlers/history.ts';
import { serveFunction } from '../src/api/serve.ts';

// Paths, methods, cache policy and data files: the route table (src/api/route-table.ts); a test checks this config against it.
export default serveFunction({ 'history-search': historySearch });

export const config: FunctionConfig = {
  path: ['/api/history/search/:keyword', '/api/v1/history/search/:keyword'],
  method: ['GET', 'HEAD'],
  includedFiles: ['../public/api/_data/search-index.json'],
};
