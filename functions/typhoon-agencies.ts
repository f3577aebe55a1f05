import type { FunctionConfig } from '../src/api/function-config.ts';
import { typhoonAgencies } from '../src/api/handlers/typhoon-agencies.ts';
import { serveFunction } from '../src/api/serve.ts';

// Paths, methods, cache policy and data files: the route table (src/api/route-table.ts); a test checks this config against it.
// These paths lie under /api/typhoons/{code}, a static file: a function with config.path is tried before files.
export default serveFunction({ 'typhoon-agencies': typhoonAgencies });

export const config: FunctionConfig = {
  path: ['/api/typhoons/:code/agencies', '/api/v1/typhoons/:code/agencies'],
  method: ['GET', 'HEAD'],
  includedFiles: ['../public/api/_data/archive-summaries.json', '../public/api/_data/agencies/*.json.gz'],
};
