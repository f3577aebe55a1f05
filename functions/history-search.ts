import { handleHistorySearch } from '../src/api/handlers/history-search.ts';
import { safeHandler } from '../src/api/respond.ts';

export default safeHandler(handleHistorySearch);

// Not typed as Config: its HTTPMethod type lacks HEAD, which Netlify's router needs declared (DESIGN.md §4).
export const config = {
  path: ['/api/history/search/:keyword', '/api/v1/history/search/:keyword'],
  method: ['GET', 'HEAD'],
};
