import { handleHistoryToday } from '../src/api/handlers/history-today.ts';
import { safeHandler } from '../src/api/respond.ts';

export default safeHandler((req) => handleHistoryToday(req));

// Not typed as Config: its HTTPMethod type lacks HEAD, which Netlify's router needs declared (DESIGN.md §4).
export const config = {
  path: '/api/history/today',
  method: ['GET', 'HEAD'],
};
