import type { Config } from '@netlify/functions';
import { handleHistoryToday } from '../src/api/handlers/history-today.ts';
import { safeHandler } from '../src/api/respond.ts';

export default safeHandler((req) => handleHistoryToday(req));

export const config: Config = {
  path: '/api/history/today',
  method: 'GET',
};
