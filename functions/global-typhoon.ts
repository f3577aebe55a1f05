import type { FunctionConfig } from '../src/api/function-config.ts';
import { handleGlobalTyphoon } from '../src/api/handlers/global.ts';
import { safeHandler } from '../src/api/respond.ts';

export default safeHandler(handleGlobalTyphoon);

export const config: FunctionConfig = {
  path: '/api/global/typhoons/:id',
  method: ['GET', 'HEAD'],
};
