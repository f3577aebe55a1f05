import { expect, it } from 'vitest';
import { DATA_FILES } from '../../src/api/data-files.ts';
import { buildArchive } from '../../src/archive/build-archive.ts';
import { readArchiveSources } from '../../src/archive/read-archive-sources.ts';
import { searchEntry } from '../../src/archive/search-index.ts';
import { searchArchive } from '../../src/archive/search.ts';
import { NAMES_FILE } from '../../src/config/paths.ts';
import type { SearchEntry, SearchHit } from '../../src/model/typhoon-schemas.ts';
import { sharedBuildOf } from './rendered-archive.ts';

/** The search index the build writes: the run's shared build's when it was made from these sources, else built here. */
export async function indexOf(sourcesDir: string): Promise<SearchEntry[]> {
  const shared = await sharedBuildOf(sourcesDir);
  const written = shared && (await DATA_FILES.searchIndex.read(shared));
  if (written) return written;
  const sources = await readArchiveSources(sourcesDir, NAMES_FILE);
  return buildArchive(sources).typhoons.map((t) => searchEntry(t, sources.names));
}

export const codes = (hits: readonly SearchHit[]) => hits.map((h) => h.code);

/** A query, the storms expected first (in order) or exactly (`only`), and how the first one matched. */
interface Case {
  query: string;
  first: string[];
  only?: boolean;
  matchedBy: SearchHit['matchedBy'];
}

export function checkCases(index: () => SearchEntry[], cases: Case[]) {
  it.each(cases)('$query → $first ($matchedBy)', ({ query, first, only, matchedBy }) => {
    const hits = searchArchive(index(), query);
    if (only) expect(codes(hits)).toEqual(first);
    else expect(codes(hits).slice(0, first.length)).toEqual(first);
    expect(hits[0]?.matchedBy).toBe(matchedBy);
  });
}
