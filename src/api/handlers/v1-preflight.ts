/** CORS preflight for every v1 path: 200 with the envelope (every v1 answer has one) and the CORS headers. */
import { jsonResponse, envelope } from '../respond.ts';

export const handleV1Preflight = (_req: Request, now = Date.now()): Response =>
  jsonResponse('v1', envelope(null, now), { cacheControl: 'public, max-age=86400' });
