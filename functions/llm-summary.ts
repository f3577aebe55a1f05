import type { FunctionConfig } from '../src/api/function-config.ts';
import { handleLlmSummary } from '../src/api/handlers/llm-summary.ts';
import { safeHandler } from '../src/api/respond.ts';

export default safeHandler((req) => handleLlmSummary(req));

export const config: FunctionConfig = {
  path: '/api/llm/summary',
  method: ['GET', 'HEAD'],
};
