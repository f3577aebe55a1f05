/** CORS preflight for every v1 path: 200 with the envelope (every v1 answer has one) and the CORS headers. */
import { CACHE_POLICIES } from '../cache-policy.ts';
import { envelope, jsonResponse } from '../respond.ts';

export const handleV1Preflight = (_req: Request, now = Date.now()): Response =>
  jsonResponse('v1', envelope(null, now), 200, CACHE_POLICIES.preflight);
