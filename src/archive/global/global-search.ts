/**
 * Search by name or id across every basin, over an index the build makes once (globalSearchEntries): the records
 * of the other basins and the north-western Pacific's, whose entries keep every spelling the archive's own search
 * knows (Chinese names, pinyin, variants) and every agency's id. Filters: year (also "Katrina 2005"; the year as
 * each record counts it, so a southern-hemisphere storm of October 2049 is in 2050), basin (any basin the track
 * entered).
 *
 * Tiers, best first: a whole id (nhc-al122005, AL122005, the SID, cma-201330, 201330, JMA 1330, wp312013); a whole
 * name or spelling; a name's start; and only when no name matches, a near miss (1 edit up to 7 letters, 2 beyond,
 * none below 4: the archive search's rule). Within a tier the lowest central pressure first, then the newer storm. A
 * keyword with digits other than a year's is an id only.
 */
import { distance } from 'fastest-levenshtein';
import type { ArchiveBasin, ArchivedSummary } from '../../model/global-archive-schemas.ts';
import type { SearchEntry } from '../../model/typhoon-schemas.ts';
import { maxEdits, MAX_SEARCH_RESULTS } from '../search.ts';
import { nameKey, parseKeyword } from '../search-query.ts';

export interface GlobalSearchEntry {
  summary: ArchivedSummary;
  /** `nameKey`s of every name and spelling that finds it: English, Chinese, the archive's variants and pinyin. */
  names: string[];
  /** Ids that find it whole, upper case. */
  ids: string[];
}

/** What the search index file holds of each storm (storm i of the summaries): the entry without its summary. */
export type GlobalSearchKeys = Omit<GlobalSearchEntry, 'summary'>;

/** The index again from its file and the summaries, storm by storm. */
export const joinSearchKeys = (summaries: readonly ArchivedSummary[], keys: readonly GlobalSearchKeys[]): GlobalSearchEntry[] =>
  summaries.map((summary, i) => ({ summary, ...(keys[i] ?? { names: [], ids: [] }) }));

export type GlobalMatch = 'id' | 'name' | 'prefix' | 'fuzzy';

export interface GlobalSearchHit {
  summary: ArchivedSummary;
  matchedBy: GlobalMatch;
}

export interface GlobalSearchQuery {
  q: string;
  year: number | null;
  basin: ArchiveBasin | null;
}

/** The index: one entry per summary; `nwPacific` (the archive's own search entries) gives the cma records' spellings. */
export function globalSearchEntries(summaries: readonly ArchivedSummary[], nwPacific: readonly SearchEntry[]): GlobalSearchEntry[] {
  const archived = new Map(nwPacific.map((e) => [e.code, e]));
  return summaries.map((summary) => {
    const own = summary.code === null ? undefined : archived.get(summary.code);
    const spellings = [summary.name, summary.nameZh, ...(own ? [own.name, own.enname, ...own.aliases] : [])];
    const ids = [summary.id, summary.code, summary.links.atcf, summary.links.ibtracs, ...Object.values(summary.ids ?? {})];
    if (summary.source !== 'cma') ids.push(summary.id.slice(summary.id.indexOf('-') + 1));
    return {
      summary,
      names: [...new Set([...spellings.filter((n): n is string => !!n).map(nameKey), ...(own?.pinyin ?? [])])].filter(Boolean),
      ids: [...new Set(ids.filter((id): id is string => !!id).map((id) => id.toUpperCase()))],
    };
  });
}

const RANK: Record<GlobalMatch, number> = { id: 4, name: 3, prefix: 2, fuzzy: 1 };

const notability = (a: ArchivedSummary, b: ArchivedSummary) =>
  (a.minPressure ?? Infinity) - (b.minPressure ?? Infinity) || b.startTime.localeCompare(a.startTime) || a.id.localeCompare(b.id);

export function searchGlobalArchive(entries: readonly GlobalSearchEntry[], query: GlobalSearchQuery): GlobalSearchHit[] {
  const { code, name: key, year: named } = parseKeyword(query.q);
  const year = named ?? query.year;
  // Digits beside a year's make the keyword an id (EP202015), not a name: its letters alone (EP) would find names.
  const name = /\d/.test(named === null ? query.q : query.q.replace(String(named), '')) ? '' : key;
  const candidates = entries.filter(
    (e) => (year === null || e.summary.year === year) && (query.basin === null || e.summary.basins.includes(query.basin)),
  );
  const hits: { entry: GlobalSearchEntry; matchedBy: GlobalMatch; edits: number }[] = [];
  for (const entry of candidates) {
    if (entry.ids.includes(code)) hits.push({ entry, matchedBy: 'id', edits: 0 });
    else if (name && entry.names.includes(name)) hits.push({ entry, matchedBy: 'name', edits: 0 });
    else if (name && entry.names.some((n) => n.startsWith(name))) hits.push({ entry, matchedBy: 'prefix', edits: 0 });
  }
  const limit = maxEdits(name);
  if (!hits.some((h) => h.matchedBy !== 'id') && limit > 0) {
    for (const entry of candidates) {
      const edits = Math.min(...entry.names.map((n) => (Math.abs(n.length - name.length) > limit ? Infinity : distance(n, name))));
      if (edits <= limit && !hits.some((h) => h.entry === entry)) hits.push({ entry, matchedBy: 'fuzzy', edits });
    }
  }
  return hits
    .sort((a, b) => RANK[b.matchedBy] - RANK[a.matchedBy] || a.edits - b.edits || notability(a.entry.summary, b.entry.summary))
    .slice(0, MAX_SEARCH_RESULTS)
    .map((h) => ({ summary: h.entry.summary, matchedBy: h.matchedBy }));
}
