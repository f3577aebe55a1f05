import type { FunctionConfig } from '../src/api/function-config.ts';
import { liveNear } from '../src/api/handlers/live-near.ts';
import { serveFunction } from '../src/api/serve.ts';

// Paths, methods, cache policy and data files: the route table (src/api/route-table.ts); a test checks this config against it.
export default serveFunction({ 'live-near': liveNear });

export const config: FunctionConfig = {
  path: ['/api/near', '/api/v1/near'],
  method: ['GET', 'HEAD'],
};
