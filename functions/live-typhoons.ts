import { handleLiveTyphoons } from '../src/api/handlers/live-typhoons.ts';
import { safeHandler } from '../src/api/respond.ts';

export default safeHandler((req) => handleLiveTyphoons(req));

// Not typed as Config: its HTTPMethod type lacks HEAD, which Netlify's router needs declared (DESIGN.md §4).
export const config = {
  path: ['/api/typhoons', '/api/v1/typhoons'],
  method: ['GET', 'HEAD'],
};
