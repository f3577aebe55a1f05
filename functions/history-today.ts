import type { FunctionConfig } from '../src/api/function-config.ts';
import { handleHistoryToday } from '../src/api/handlers/history-today.ts';
import { safeHandler } from '../src/api/respond.ts';

export default safeHandler((req) => handleHistoryToday(req));

export const config: FunctionConfig = {
  path: '/api/history/today',
  method: ['GET', 'HEAD'],
  includedFiles: ['../public/api/history/today/*'],
};
