import { handleContentList } from '../src/api/handlers/content-list.ts';
import { safeHandler } from '../src/api/respond.ts';

export default safeHandler(handleContentList);

// Not typed as Config: its HTTPMethod type lacks HEAD, which Netlify's router needs declared (DESIGN.md §4).
export const config = {
  path: ['/api/v1/news', '/api/v1/knowledge'],
  method: ['GET', 'HEAD'],
};
