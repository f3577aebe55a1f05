import { handleLlmSummary } from '../src/api/handlers/llm-summary.ts';
import { safeHandler } from '../src/api/respond.ts';

export default safeHandler((req) => handleLlmSummary(req));

// Not typed as Config: its HTTPMethod type lacks HEAD, which Netlify's router needs declared (DESIGN.md §4).
export const config = {
  path: '/api/llm/summary',
  method: ['GET', 'HEAD'],
};
