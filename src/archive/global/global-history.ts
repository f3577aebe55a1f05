/**
 * Everything the global history answers, from the parsed files and the north-western Pacific archive, in one pure
 * step: the records of every basin, each basin's years, the search index and the track-search files. The build
 * reads the files (src/sources/global/read-global-sources.ts) and writes what this returns; the endpoints answer
 * from it.
 */
import type { BasinYear } from '../../model/global-archive-schemas.ts';
import type { SearchEntry } from '../../model/typhoon-schemas.ts';
import type { GlobalSources } from '../../sources/global/read-global-sources.ts';
import { basinYears } from './basin-years.ts';
import { buildGlobalArchive, type GlobalArchive, type NwPacificArchive } from './global-records.ts';
import { globalSearchEntries, type GlobalSearchEntry } from './global-search.ts';
import { buildGlobalTrackSearch, type GlobalTrackSearchData } from './global-track-search.ts';

export interface GlobalHistory {
  archive: GlobalArchive;
  years: BasinYear[];
  search: GlobalSearchEntry[];
  trackSearch: GlobalTrackSearchData;
}

/** `nwPacific` with the archive's own search entries (their spellings and pinyin); null builds the other basins alone. */
export function buildGlobalHistory(
  sources: Pick<GlobalSources, 'hurdat2' | 'ibtracs' | 'ibtracsLinks'>,
  nwPacific: (NwPacificArchive & { searchEntries: readonly SearchEntry[] }) | null,
): GlobalHistory {
  const archive = buildGlobalArchive({ ...sources, nwPacific });
  return {
    archive,
    years: basinYears(archive.summaries),
    search: globalSearchEntries(archive.summaries, nwPacific?.searchEntries ?? []),
    trackSearch: buildGlobalTrackSearch(archive),
  };
}
