import type { FunctionConfig } from '../src/api/function-config.ts';
import { typhoonSimilar } from '../src/api/handlers/typhoon-similar.ts';
import { serveFunction } from '../src/api/serve.ts';

// Paths, methods, cache policy and data files: the route table (src/api/route-table.ts); a test checks this config against it.
// These paths lie under /api/typhoons/{code}, a static file: a function with config.path is tried before files.
export default serveFunction({ 'typhoon-similar': typhoonSimilar });

export const config: FunctionConfig = {
  path: ['/api/typhoons/:code/similar', '/api/v1/typhoons/:code/similar'],
  method: ['GET', 'HEAD'],
  includedFiles: ['../public/api/_data/archive-summaries.json', '../public/api/_data/similar-tracks.json', '../public/api/_data/archive-tracks.json'],
};
