import type { Config } from '@netlify/functions';
import { handleGlobalHistory } from '../src/api/handlers/global.ts';
import { safeHandler } from '../src/api/respond.ts';

export default safeHandler(handleGlobalHistory);

export const config: Config = {
  path: '/api/global/history',
  method: 'GET',
};
