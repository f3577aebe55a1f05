import type { FunctionConfig } from '../src/api/function-config.ts';
import { historyToday } from '../src/api/handlers/history.ts';
import { serveFunction } from '../src/api/serve.ts';

// Paths, methods, cache policy and data files: the route table (src/api/route-table.ts); a test checks this config against it.
export default serveFunction({ 'history-today': historyToday });

export const config: FunctionConfig = {
  path: '/api/history/today',
  method: ['GET', 'HEAD'],
  includedFiles: ['../public/api/history/today/*'],
};
