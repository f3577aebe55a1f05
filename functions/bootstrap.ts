import type { Config } from '@netlify/functions';
import { handleBootstrap } from '../src/api/handlers/bootstrap.ts';
import { safeHandler } from '../src/api/respond.ts';

export default safeHandler((req) => handleBootstrap(req));

export const config: Config = {
  path: '/api/v1/bootstrap',
  method: 'GET',
};
