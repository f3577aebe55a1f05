import type { Config } from '@netlify/functions';
import { handleFlashItem } from '../src/api/handlers/flash.ts';
import { safeHandler } from '../src/api/respond.ts';

export default safeHandler(handleFlashItem);

export const config: Config = {
  path: '/api/v1/flash/:id',
  method: 'GET',
};
