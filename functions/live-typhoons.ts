import type { Config } from '@netlify/functions';
import { handleLiveTyphoons } from '../src/api/handlers/live-typhoons.ts';
import { safeHandler } from '../src/api/respond.ts';

export default safeHandler((req) => handleLiveTyphoons(req));

export const config: Config = {
  path: ['/api/typhoons', '/api/v1/typhoons'],
  method: 'GET',
};
