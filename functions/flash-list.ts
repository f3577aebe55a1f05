import type { FunctionConfig } from '../src/api/function-config.ts';
import { flashList } from '../src/api/handlers/flash.ts';
import { serveFunction } from '../src/api/serve.ts';

// Paths, methods, cache policy and data files: the route table (src/api/route-table.ts); a test checks this config against it.
export default serveFunction({ 'flash-list': flashList });

export const config: FunctionConfig = {
  path: '/api/v1/flash',
  method: ['GET', 'HEAD'],
};
