import type { FunctionConfig } from '../src/api/function-config.ts';
import { llmSummary } from '../src/api/handlers/llm-summary.ts';
import { serveFunction } from '../src/api/serve.ts';

// Paths, methods, cache policy and data files: the route table (src/api/route-table.ts); a test checks this config against it.
export default serveFunction({ 'llm-summary': llmSummary });

export const config: FunctionConfig = {
  path: '/api/llm/summary',
  method: ['GET', 'HEAD'],
};
