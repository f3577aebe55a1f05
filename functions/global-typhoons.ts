import type { Config } from '@netlify/functions';
import { handleGlobalTyphoons } from '../src/api/handlers/global.ts';
import { safeHandler } from '../src/api/respond.ts';

export default safeHandler(handleGlobalTyphoons);

export const config: Config = {
  path: '/api/global/typhoons',
  method: 'GET',
};
