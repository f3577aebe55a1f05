import type { FunctionConfig } from '../src/api/function-config.ts';
import { handleVersion } from '../src/api/handlers/version.ts';
import { safeHandler } from '../src/api/respond.ts';

export default safeHandler(handleVersion);

export const config: FunctionConfig = {
  path: '/api/v1/version',
  method: ['GET', 'HEAD'],
  includedFiles: ['../public/api/_data/versions.json'],
};
