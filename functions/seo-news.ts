import type { Config } from '@netlify/functions';
import { handleSeoNews } from '../src/api/handlers/flash.ts';
import { safeHandler } from '../src/api/respond.ts';

export default safeHandler(handleSeoNews);

export const config: Config = {
  path: '/api/seo/news',
  method: 'GET',
};
