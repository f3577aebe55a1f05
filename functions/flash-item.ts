import type { FunctionConfig } from '../src/api/function-config.ts';
import { handleFlashItem } from '../src/api/handlers/flash.ts';
import { safeHandler } from '../src/api/respond.ts';

export default safeHandler(handleFlashItem);

export const config: FunctionConfig = {
  path: '/api/v1/flash/:id',
  method: ['GET', 'HEAD'],
};
