import type { FunctionConfig } from '../src/api/function-config.ts';
import { handleHistorySearch } from '../src/api/handlers/history-search.ts';
import { safeHandler } from '../src/api/respond.ts';

export default safeHandler(handleHistorySearch);

export const config: FunctionConfig = {
  path: ['/api/history/search/:keyword', '/api/v1/history/search/:keyword'],
  method: ['GET', 'HEAD'],
  includedFiles: ['../public/api/_data/search-index.json'],
};
