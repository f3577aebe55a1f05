import type { FunctionConfig } from '../src/api/function-config.ts';
import { knowledgeList, newsList } from '../src/api/handlers/content.ts';
import { serveFunction } from '../src/api/serve.ts';

// Paths, methods, cache policy and data files: the route table (src/api/route-table.ts); a test checks this config against it.
export default serveFunction({ 'news-list': newsList, 'knowledge-list': knowledgeList });

export const config: FunctionConfig = {
  path: ['/api/v1/news', '/api/v1/knowledge'],
  method: ['GET', 'HEAD'],
  includedFiles: ['../public/api/_data/news-list.json', '../public/api/_data/knowledge-list.json'],
};
