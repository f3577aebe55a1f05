import type { FunctionConfig } from '../src/api/function-config.ts';
import { handleContentList } from '../src/api/handlers/content-list.ts';
import { safeHandler } from '../src/api/respond.ts';

export default safeHandler(handleContentList);

export const config: FunctionConfig = {
  path: ['/api/v1/news', '/api/v1/knowledge'],
  method: ['GET', 'HEAD'],
  includedFiles: ['../public/api/_data/news-list.json', '../public/api/_data/knowledge-list.json'],
};
