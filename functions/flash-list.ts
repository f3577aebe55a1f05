import type { FunctionConfig } from '../src/api/function-config.ts';
import { handleFlashList } from '../src/api/handlers/flash.ts';
import { safeHandler } from '../src/api/respond.ts';

export default safeHandler(handleFlashList);

export const config: FunctionConfig = {
  path: '/api/v1/flash',
  method: ['GET', 'HEAD'],
};
