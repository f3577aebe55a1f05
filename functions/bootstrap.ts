import type { FunctionConfig } from '../src/api/function-config.ts';
import { handleBootstrap } from '../src/api/handlers/bootstrap.ts';
import { safeHandler } from '../src/api/respond.ts';

export default safeHandler((req) => handleBootstrap(req));

export const config: FunctionConfig = {
  path: '/api/v1/bootstrap',
  method: ['GET', 'HEAD'],
  includedFiles: ['../public/api/_data/site.json', '../public/api/_data/announcements.json', '../public/api/_data/versions.json', '../public/api/history/today/*'],
};
