/** Paths under public/ of generated files that functions read at run time (each function lists the ones it reads in its `includedFiles`). */
export const DATA_FILES = {
  searchIndex: 'api/_data/search-index.json',
  newsList: 'api/_data/news-list.json',
  knowledgeList: 'api/_data/knowledge-list.json',
  versions: 'api/_data/versions.json',
  site: 'api/_data/site.json',
  announcements: 'api/_data/announcements.json',
  /** What the archive holds (src/archive/archive-report.ts); compared before a production publish, and its seasons tell typhoon-lookup which codes to ask the upstream. */
  archiveReport: 'api/_data/archive-report.json',
  /** zj values the build left out of the records, and why (src/archive/data-quality.ts). */
  dataQuality: 'api/_data/data-quality.json',
  /** The track searches' files (src/archive/track-search-data.ts): storm i is the same storm in each. */
  archiveSummaries: 'api/_data/archive-summaries.json',
  archiveTracks: 'api/_data/archive-tracks.json',
  proximityIndex: 'api/_data/proximity-index.json',
  similarTracks: 'api/_data/similar-tracks.json',
} as const;

/**
 * Every agency's track of each storm of a year, by code (src/archive/agency-comparison.ts; the typhoon-agencies
 * function reads them). Gzipped: 19 MB of JSON in all, 1.7 MB gzipped, and a function bundle holds under 5 MB of data.
 */
export const agencyComparisonFile = (year: number | '*') => `api/_data/agencies/${year}.json.gz`;
export const AGENCY_COMPARISON_FILES = agencyComparisonFile('*');

/** The static answer of a calendar day, at its URL path (the history-today function reads it). */
export const todayFile = (monthDay: string) => `api/history/today/${monthDay}`;
export const TODAY_FILES = todayFile('*');
