/**
 * `/api/history/near`: the archived storms whose tracks came within a radius of a place, nearest first, with the
 * closest approach of each and the whole match counted by decade, month and peak grade. Reads the generated
 * files only (summaries, tracks, proximity index), so a function answers it.
 *
 * Order: `closestKm` (to 0.1 km) ascending; equal distances newer storm first (later start, then higher code).
 * Filters: `from`/`to` on the storm's year, `minGrade` on its peak grade, `landfall` on its recorded landfalls,
 * `months` on the month (Beijing time) of its closest approach.
 */
import { GRADE_CODES, GRADE_RANK, type GradeCode } from '../model/grades.ts';
import { intensityOf } from '../model/track-point.ts';
import type { TyphoonSummary } from '../model/typhoon-schemas.ts';
import { beijingMonth, toBeijingIso } from '../model/time.ts';
import type { NearCounts, NearQuery, NearStorm } from '../model/track-search-schemas.ts';
import { loadTracks, type ArchiveTracksFile } from './archive-tracks.ts';
import { gridOf, type ProximityIndexFile } from './proximity-index.ts';
import { approachPosition, approachTime, closestApproaches, type Approach } from './proximity.ts';
import { countByPeakGrade, newerFirst } from './summaries.ts';

/** The generated files the answer is made from (storm i is the same storm in each). */
export interface NearData {
  summaries: readonly TyphoonSummary[];
  tracks: ArchiveTracksFile;
  index: ProximityIndexFile;
}

/** A storm of the match, before it is written out (only the page's storms are). */
export interface NearMatch {
  summary: TyphoonSummary;
  approach: Approach;
  /** Distance to 0.1 km, as answered and sorted. */
  km: number;
  /** Time of the closest approach, to the minute: ms since the epoch, and its month in Beijing time. */
  ms: number;
  month: number;
}

const HOUR_MS = 3_600_000;
const toMinute = (ms: number) => Math.round(ms / 60_000) * 60_000;

function stormFilter(summaries: readonly TyphoonSummary[], query: NearQuery): (storm: number) => boolean {
  const minRank = query.minGrade ? GRADE_RANK[query.minGrade] : null;
  return (storm) => {
    const s = summaries[storm] as TyphoonSummary;
    if (query.from !== null && s.year < query.from) return false;
    if (query.to !== null && s.year > query.to) return false;
    if (minRank !== null && (!s.peakGrade || GRADE_RANK[s.peakGrade] < minRank)) return false;
    return query.landfall === null || s.landfalls > 0 === query.landfall;
  };
}

function countMatch(matches: readonly NearMatch[]): NearCounts {
  const decades = new Map<number, number>();
  const months = Array.from({ length: 12 }, (_, i) => ({ month: i + 1, count: 0 }));
  for (const m of matches) {
    const decade = Math.floor(m.summary.year / 10) * 10;
    decades.set(decade, (decades.get(decade) ?? 0) + 1);
    (months[m.month - 1] as { count: number }).count += 1;
  }
  return {
    byDecade: [...decades].sort(([a], [b]) => a - b).map(([decade, count]) => ({ decade, count })),
    byMonth: months,
    byPeakGrade: countByPeakGrade(matches.map((m) => m.summary)),
  };
}

/** Every storm of the match in answer order, and the counts of the whole match. */
export function searchNear(data: NearData, query: NearQuery): { matches: NearMatch[]; counts: NearCounts } {
  const tracks = loadTracks(data.tracks);
  const approaches = closestApproaches(tracks, gridOf(data.index), query, query.radius, stormFilter(data.summaries, query));
  const months = query.months && new Set(query.months);
  const matches: NearMatch[] = [];
  for (const approach of approaches) {
    const ms = toMinute((data.tracks.start[approach.storm] as number) + approachTime(tracks, approach).hours * HOUR_MS);
    const month = beijingMonth(new Date(ms));
    if (months && !months.has(month)) continue;
    matches.push({ summary: data.summaries[approach.storm] as TyphoonSummary, approach, km: Math.round(approach.km * 10) / 10, ms, month });
  }
  matches.sort((a, b) => a.km - b.km || newerFirst(a.summary, b.summary));
  return { matches, counts: countMatch(matches) };
}

/** A storm of the match as answered: its summary and its closest approach. */
export function nearStorm(data: NearData, match: NearMatch): NearStorm {
  const tracks = loadTracks(data.tracks);
  const position = approachPosition(tracks, match.approach);
  const { fix } = approachTime(tracks, match.approach);
  const grade = data.index.grade[fix] ?? null;
  const gradeCode = grade === null ? null : (GRADE_CODES[grade] as GradeCode);
  const speed = data.index.speed[fix] ?? null;
  const start = data.tracks.start[match.approach.storm] as number;
  const time = toBeijingIso(new Date(match.ms));
  return {
    ...match.summary,
    closestKm: match.km,
    closestTime: time,
    closestPoint: {
      time,
      lat: Number(position.lat.toFixed(2)),
      lng: Number(position.lng.toFixed(2)),
      ...intensityOf(gradeCode, speed),
      speed,
      pressure: data.index.pressure[fix] ?? null,
      intensityFrom: toBeijingIso(new Date(start + (data.tracks.hours[fix] as number) * HOUR_MS)),
    },
  };
}
