import type { Config } from '@netlify/functions';
import { handleContentList } from '../src/api/handlers/content-list.ts';
import { safeHandler } from '../src/api/respond.ts';

export default safeHandler(handleContentList);

export const config: Config = {
  path: ['/api/v1/news', '/api/v1/knowledge'],
  method: 'GET',
};
