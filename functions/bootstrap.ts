import { handleBootstrap } from '../src/api/handlers/bootstrap.ts';
import { safeHandler } from '../src/api/respond.ts';

export default safeHandler((req) => handleBootstrap(req));

// Not typed as Config: its HTTPMethod type lacks HEAD, which Netlify's router needs declared (DESIGN.md §4).
export const config = {
  path: '/api/v1/bootstrap',
  method: ['GET', 'HEAD'],
};
