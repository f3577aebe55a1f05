import type { FunctionConfig } from '../src/api/function-config.ts';
import { handleGlobalHistory } from '../src/api/handlers/global.ts';
import { safeHandler } from '../src/api/respond.ts';

export default safeHandler(handleGlobalHistory);

export const config: FunctionConfig = {
  path: '/api/global/history',
  method: ['GET', 'HEAD'],
};
