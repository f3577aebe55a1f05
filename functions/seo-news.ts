import type { FunctionConfig } from '../src/api/function-config.ts';
import { handleSeoNews } from '../src/api/handlers/flash.ts';
import { safeHandler } from '../src/api/respond.ts';

export default safeHandler(handleSeoNews);

export const config: FunctionConfig = {
  path: '/api/seo/news',
  method: ['GET', 'HEAD'],
};
