import { handleApiMiss } from '../src/api/handlers/api-miss.ts';
import { safeHandler } from '../src/api/envelope.ts';

// No config.path: reached only through the _redirects rewrites to /.netlify/functions/api-miss.
export default safeHandler(handleApiMiss);
