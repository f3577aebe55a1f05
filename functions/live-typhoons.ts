import type { FunctionConfig } from '../src/api/function-config.ts';
import { liveTyphoons } from '../src/api/handlers/live-typhoons.ts';
import { serveFunction } from '../src/api/serve.ts';

// Paths, methods, cache policy and data files: the route table (src/api/route-table.ts); a test checks this config against it.
export default serveFunction({ 'live-typhoons': liveTyphoons });

export const config: FunctionConfig = {
  path: ['/api/typhoons', '/api/v1/typhoons'],
  method: ['GET', 'HEAD'],
};
