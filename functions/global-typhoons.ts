import type { FunctionConfig } from '../src/api/function-config.ts';
import { handleGlobalTyphoons } from '../src/api/handlers/global.ts';
import { safeHandler } from '../src/api/respond.ts';

export default safeHandler(handleGlobalTyphoons);

export const config: FunctionConfig = {
  path: '/api/global/typhoons',
  method: ['GET', 'HEAD'],
};
