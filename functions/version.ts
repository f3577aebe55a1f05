import type { Config } from '@netlify/functions';
import { handleVersion } from '../src/api/handlers/version.ts';
import { safeHandler } from '../src/api/respond.ts';

export default safeHandler(handleVersion);

export const config: Config = {
  path: '/api/v1/version',
  method: 'GET',
};
