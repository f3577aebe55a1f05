import type { Config } from '@netlify/functions';
import { handleGlobalTyphoon } from '../src/api/handlers/global.ts';
import { safeHandler } from '../src/api/respond.ts';

export default safeHandler(handleGlobalTyphoon);

export const config: Config = {
  path: '/api/global/typhoons/:id',
  method: 'GET',
};
