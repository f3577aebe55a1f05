import type { FunctionConfig } from '../src/api/function-config.ts';
import { handleLiveTyphoons } from '../src/api/handlers/live-typhoons.ts';
import { safeHandler } from '../src/api/respond.ts';

export default safeHandler((req) => handleLiveTyphoons(req));

export const config: FunctionConfig = {
  path: ['/api/typhoons', '/api/v1/typhoons'],
  method: ['GET', 'HEAD'],
};
