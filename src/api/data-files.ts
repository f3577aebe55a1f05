/** Paths under public/ of generated files that functions read at run time (see `included_files` in netlify.toml). */
export const SEARCH_INDEX_FILE = 'api/_data/search-index.json';
export const todayFile = (monthDay: string) => `api/history/today/${monthDay}.json`;
