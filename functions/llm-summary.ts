import type { Config } from '@netlify/functions';
import { handleLlmSummary } from '../src/api/handlers/llm-summary.ts';
import { safeHandler } from '../src/api/respond.ts';

export default safeHandler((req) => handleLlmSummary(req));

export const config: Config = {
  path: '/api/llm/summary',
  method: 'GET',
};
