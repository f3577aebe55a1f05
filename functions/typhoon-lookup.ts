import { handleTyphoonLookup } from '../src/api/handlers/typhoon-lookup.ts';
import { safeHandler } from '../src/api/respond.ts';

// No config.path: reached through the _redirects rewrites of /api/typhoons/* and /api/v1/typhoons/*,
// after the exact rules of the archived storms.
export default safeHandler((req) => handleTyphoonLookup(req));
