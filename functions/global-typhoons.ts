import { handleGlobalTyphoons } from '../src/api/handlers/global.ts';
import { safeHandler } from '../src/api/respond.ts';

export default safeHandler(handleGlobalTyphoons);

// Not typed as Config: its HTTPMethod type lacks HEAD, which Netlify's router needs declared (DESIGN.md §4).
export const config = {
  path: '/api/global/typhoons',
  method: ['GET', 'HEAD'],
};
