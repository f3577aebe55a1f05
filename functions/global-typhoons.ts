import type { FunctionConfig } from '../src/api/function-config.ts';
import { globalTyphoons } from '../src/api/handlers/global.ts';
import { serveFunction } from '../src/api/serve.ts';

// Paths, methods, cache policy and data files: the route table (src/api/route-table.ts); a test checks this config against it.
export default serveFunction({ 'global-typhoons': globalTyphoons });

export const config: FunctionConfig = {
  path: '/api/global/typhoons',
  method: ['GET', 'HEAD'],
};
