import { handleVersion } from '../src/api/handlers/version.ts';
import { safeHandler } from '../src/api/respond.ts';

export default safeHandler(handleVersion);

// Not typed as Config: its HTTPMethod type lacks HEAD, which Netlify's router needs declared (DESIGN.md §4).
export const config = {
  path: '/api/v1/version',
  method: ['GET', 'HEAD'],
};
