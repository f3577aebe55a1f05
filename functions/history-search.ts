import type { Config } from '@netlify/functions';
import { handleHistorySearch } from '../src/api/handlers/history-search.ts';
import { safeHandler } from '../src/api/respond.ts';

export default safeHandler(handleHistorySearch);

export const config: Config = {
  path: ['/api/history/search/:keyword', '/api/v1/history/search/:keyword'],
  method: 'GET',
};
