/**
 * History search over the index the build wrote (src/archive/search-index.ts): codes, names in Chinese and
 * English (any case, known variants), the pinyin of Chinese names, and English names or pinyin with a typo.
 *
 * Tiers, best first: exact code or another agency's id (JMA 1330, ATCF wp312013, HKO 2013-0031, IBTrACS SID); exact name; exact pinyin; code prefix; name prefix; pinyin prefix; name
 * substring; and only when none of those matches the name, a near miss (fuzzy). A year beside a name keeps that
 * year's storms. Within a tier: code prefixes newest first; names by notability (`compareNotability`), fuzzy
 * matches by distance first. At most 50 results.
 */
import { distance } from 'fastest-levenshtein';
import type { SearchEntry, SearchHit } from '../model/typhoon-schemas.ts';
import { nameKey, parseKeyword, type SearchQuery } from './search-query.ts';

export const MAX_SEARCH_RESULTS = 50;

type MatchedBy = SearchHit['matchedBy'];

const TIERS = {
  code: { rank: 8, matchedBy: 'code' },
  agencyId: { rank: 8, matchedBy: 'id' },
  name: { rank: 7, matchedBy: 'name' },
  pinyin: { rank: 6, matchedBy: 'pinyin' },
  codePrefix: { rank: 5, matchedBy: 'code' },
  namePrefix: { rank: 4, matchedBy: 'name' },
  pinyinPrefix: { rank: 3, matchedBy: 'pinyin' },
  nameSubstring: { rank: 2, matchedBy: 'name' },
  fuzzy: { rank: 1, matchedBy: 'fuzzy' },
} as const satisfies Record<string, { rank: number; matchedBy: MatchedBy }>;
type Tier = (typeof TIERS)[keyof typeof TIERS];

/** An index entry with its keys computed once per loaded index (the function keeps the index per instance). */
interface Prepared {
  entry: SearchEntry;
  code: string;
  /** The other agencies' ids, upper case. */
  agencyIds: string[];
  names: string[];
  pinyin: readonly string[];
  /** The English names and pinyin: what a near miss is measured against. */
  latin: string[];
}

const LATIN = /^[a-z]+$/;

const prepared = new WeakMap<readonly SearchEntry[], Prepared[]>();
function prepare(entries: readonly SearchEntry[]): Prepared[] {
  let list = prepared.get(entries);
  if (!list) {
    list = entries.map((entry) => {
      const names = [...new Set([entry.name, entry.enname, ...entry.aliases].filter((n): n is string => !!n).map(nameKey))];
      const { cma: _own, ...others } = entry.ids;
      const agencyIds = Object.values(others)
        .filter((id): id is string => id !== null)
        .map((id) => id.toUpperCase());
      return {
        entry,
        code: entry.code.toUpperCase(),
        agencyIds,
        names,
        pinyin: entry.pinyin,
        latin: [...names.filter((n) => LATIN.test(n)), ...entry.pinyin],
      };
    });
    prepared.set(entries, list);
  }
  return list;
}

function codeTier(p: Prepared, code: string): Tier | null {
  if (p.code === code) return TIERS.code;
  if (p.agencyIds.includes(code)) return TIERS.agencyId;
  return code && p.code.startsWith(code) ? TIERS.codePrefix : null;
}

function nameTier(p: Prepared, name: string): Tier | null {
  if (p.names.includes(name)) return TIERS.name;
  if (p.pinyin.includes(name)) return TIERS.pinyin;
  if (p.names.some((n) => n.startsWith(name))) return TIERS.namePrefix;
  if (p.pinyin.some((k) => k.startsWith(name))) return TIERS.pinyinPrefix;
  return p.names.some((n) => n.includes(name)) ? TIERS.nameSubstring : null;
}

/** Edits allowed for a near miss: none below 4 letters (too many names are that close), 1 up to 7, then 2. */
export const maxEdits = (name: string) => (!LATIN.test(name) || name.length < 4 ? 0 : name.length < 8 ? 1 : 2);

/** The fewest edits from `name` to an English name or pinyin key of the entry (the whole key), or null when too many. */
function editsTo(p: Prepared, name: string, limit: number, memo: Map<string, number>): number | null {
  let best: number | null = null;
  for (const key of p.latin) {
    if (Math.abs(key.length - name.length) > limit) continue;
    let edits = memo.get(key);
    if (edits === undefined) memo.set(key, (edits = distance(name, key)));
    if (edits <= limit && (best === null || edits < best)) best = edits;
  }
  return best;
}

/**
 * Most notable first, for a name several storms shared: the name retired because of it, then the peak (lower
 * central pressure, then higher wind), then more landfalls, then newer.
 */
export function compareNotability(a: SearchEntry, b: SearchEntry): number {
  return (
    Number(b.retiredName) - Number(a.retiredName) ||
    (a.minPressure ?? Infinity) - (b.minPressure ?? Infinity) ||
    (b.maxSpeed ?? -1) - (a.maxSpeed ?? -1) ||
    b.landfalls - a.landfalls ||
    b.startTime.localeCompare(a.startTime)
  );
}

interface Hit {
  entry: SearchEntry;
  tier: Tier;
  edits: number;
}

function compareHits(a: Hit, b: Hit): number {
  if (a.tier !== b.tier) return b.tier.rank - a.tier.rank;
  if (a.edits !== b.edits) return a.edits - b.edits;
  return a.tier === TIERS.codePrefix ? b.entry.startTime.localeCompare(a.entry.startTime) : compareNotability(a.entry, b.entry);
}

function findHits(list: readonly Prepared[], query: SearchQuery): Hit[] {
  const inYear = (p: Prepared) => query.year === null || p.entry.year === query.year;
  const hits: Hit[] = [];
  let nameHits = 0;
  for (const p of list) {
    const byName = query.name && inYear(p) ? nameTier(p, query.name) : null;
    const byCode = codeTier(p, query.code);
    const tier = byName && (!byCode || byName.rank > byCode.rank) ? byName : byCode;
    if (byName) nameHits += 1;
    if (tier) hits.push({ entry: p.entry, tier, edits: 0 });
  }
  const limit = maxEdits(query.name);
  if (nameHits > 0 || limit === 0) return hits;
  const memo = new Map<string, number>();
  for (const p of list.filter(inYear)) {
    const edits = editsTo(p, query.name, limit, memo);
    if (edits !== null) hits.push({ entry: p.entry, tier: TIERS.fuzzy, edits });
  }
  return hits;
}

export function searchArchive(entries: readonly SearchEntry[], keyword: string): SearchHit[] {
  return findHits(prepare(entries), parseKeyword(keyword))
    .sort(compareHits)
    .slice(0, MAX_SEARCH_RESULTS)
    .map(({ entry: { aliases: _aliases, pinyin: _pinyin, ...summary }, tier }) => ({ ...summary, matchedBy: tier.matchedBy }));
}
