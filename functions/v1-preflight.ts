import type { Config } from '@netlify/functions';
import { handleV1Preflight } from '../src/api/handlers/v1-preflight.ts';
import { safeHandler } from '../src/api/respond.ts';

export default safeHandler((req) => handleV1Preflight(req));

export const config: Config = {
  path: '/api/v1/*',
  method: 'OPTIONS',
};
