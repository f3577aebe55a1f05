import type { FunctionConfig } from '../src/api/function-config.ts';
import { version } from '../src/api/handlers/content.ts';
import { serveFunction } from '../src/api/serve.ts';

// Paths, methods, cache policy and data files: the route table (src/api/route-table.ts); a test checks this config against it.
export default serveFunction({ version });

export const config: FunctionConfig = {
  path: '/api/v1/version',
  method: ['GET', 'HEAD'],
  includedFiles: ['../public/api/_data/versions.json'],
};
