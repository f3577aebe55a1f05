import type { FunctionConfig } from '../src/api/function-config.ts';
import { handleV1Preflight } from '../src/api/handlers/v1-preflight.ts';
import { safeHandler } from '../src/api/respond.ts';

export default safeHandler((req) => handleV1Preflight(req));

export const config: FunctionConfig = {
  path: '/api/v1/*',
  method: 'OPTIONS',
};
