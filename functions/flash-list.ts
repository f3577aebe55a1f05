import type { Config } from '@netlify/functions';
import { handleFlashList } from '../src/api/handlers/flash.ts';
import { safeHandler } from '../src/api/respond.ts';

export default safeHandler(handleFlashList);

export const config: Config = {
  path: '/api/v1/flash',
  method: 'GET',
};
