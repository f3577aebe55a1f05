/**
 * Storms near a place and similar tracks across every basin, with the archive's own machinery
 * (archive-tracks.ts, proximity-index.ts, proximity.ts, similar-tracks.ts) over one more set of tracks: every
 * storm of the archive of every basin, the north-western Pacific's CMA records among them, in the order of the
 * summaries (storm i is summary i in every file). The north-western Pacific's own files and answers are unchanged.
 *
 * Distances are measured **on the track**: great-circle distances on the sphere to the arcs between consecutive
 * fixes, not only to the fixes, so a storm that passed between two 6-hourly fixes is found (as /api/history/near
 * does). The time of the closest approach is interpolated in time along its arc; the intensity given is the nearer
 * fix's, never interpolated.
 */
import { STAGES, type ArchiveBasin, type ArchivedSummary, type Stage } from '../../model/global-archive-schemas.ts';
import type { Position } from '../../model/geo.ts';
import { toUtcIso } from '../../model/time.ts';
import { buildArchiveTracks, loadTracks, type ArchiveTracksFile } from '../archive-tracks.ts';
import { gridOf, proximityCells, type ProximityCells } from '../proximity-index.ts';
import { approachPosition, approachTime, closestApproaches } from '../proximity.ts';
import { buildSimilarTracks, scoreAgainstArchived, type SimilarTracksFile } from '../similar-tracks.ts';
import type { GlobalArchive } from './global-records.ts';

/** What proximity needs beside the tracks, per fix: the record's wind (m/s over its period), pressure and stage. */
export interface GlobalProximityFile {
  cells: ProximityCells;
  /** m/s, averaged over the storm's windPeriod. */
  speed: (number | null)[];
  /** hPa. */
  pressure: (number | null)[];
  /** Index in STAGES. */
  stage: (number | null)[];
}

export interface GlobalTrackSearchData {
  summaries: ArchivedSummary[];
  tracks: ArchiveTracksFile;
  proximity: GlobalProximityFile;
  similar: SimilarTracksFile;
}

/** The files, from the records of every basin (the north-western Pacific's among them), storm i being summary i. */
export function buildGlobalTrackSearch(archive: GlobalArchive): GlobalTrackSearchData {
  const tracks = buildArchiveTracks(archive.storms);
  const fixes = archive.storms.flatMap((s) => s.points);
  return {
    summaries: archive.summaries,
    tracks,
    proximity: {
      cells: proximityCells(loadTracks(tracks)),
      speed: fixes.map((f) => f.speed),
      pressure: fixes.map((f) => f.pressure),
      stage: fixes.map((f) => (f.stage === null ? null : STAGES.indexOf(f.stage))),
    },
    similar: buildSimilarTracks(loadTracks(tracks)),
  };
}

export interface GlobalNearQuery extends Position {
  /** km. */
  radius: number;
  basin: ArchiveBasin | null;
  /** Storm years (summary.year), inclusive; null for no bound. */
  from: number | null;
  to: number | null;
}

export interface GlobalNearMatch {
  summary: ArchivedSummary;
  /** Great-circle distance from the place to the track, km to 0.1. */
  closestKm: number;
  closestPoint: {
    /** When the track was nearest (UTC, to the minute), interpolated in time along the arc. */
    time: string;
    lat: number;
    lng: number;
    /** The nearer fix's wind (m/s over the storm's windPeriod), pressure and stage, and its time. */
    speed: number | null;
    pressure: number | null;
    stage: Stage | null;
    intensityFrom: string;
  };
}

const HOUR_MS = 3_600_000;
const toMinute = (ms: number) => Math.round(ms / 60_000) * 60_000;
const matchesBasin = (s: ArchivedSummary, basin: ArchiveBasin | null) => basin === null || s.basins.includes(basin);

/** Every storm whose track came within `radius` km of the place, nearest first (equal distances: newer first). */
export function searchNearGlobal(
  data: Pick<GlobalTrackSearchData, 'summaries' | 'tracks' | 'proximity'>,
  query: GlobalNearQuery,
): GlobalNearMatch[] {
  const tracks = loadTracks(data.tracks);
  const allowed = (storm: number) => {
    const s = data.summaries[storm] as ArchivedSummary;
    return matchesBasin(s, query.basin) && (query.from === null || s.year >= query.from) && (query.to === null || s.year <= query.to);
  };
  return closestApproaches(tracks, gridOf(data.proximity), query, query.radius, allowed)
    .map((approach) => {
      const start = data.tracks.start[approach.storm] as number;
      const { hours, fix } = approachTime(tracks, approach);
      const position = approachPosition(tracks, approach);
      const stage = data.proximity.stage[fix] ?? null;
      return {
        summary: data.summaries[approach.storm] as ArchivedSummary,
        closestKm: Math.round(approach.km * 10) / 10,
        closestPoint: {
          time: toUtcIso(new Date(toMinute(start + hours * HOUR_MS))),
          lat: Number(position.lat.toFixed(2)),
          lng: Number(position.lng.toFixed(2)),
          speed: data.proximity.speed[fix] ?? null,
          pressure: data.proximity.pressure[fix] ?? null,
          stage: stage === null ? null : (STAGES[stage] as Stage),
          intensityFrom: toUtcIso(new Date(start + (data.tracks.hours[fix] as number) * HOUR_MS)),
        },
      };
    })
    .sort(
      (a, b) =>
        a.closestKm - b.closestKm || b.summary.startTime.localeCompare(a.summary.startTime) || a.summary.id.localeCompare(b.summary.id),
    );
}

export interface GlobalSimilar {
  summary: ArchivedSummary;
  /** Mean great-circle distance between corresponding points of the resampled tracks, km to 0.1: lower is more similar. */
  score: number;
}

/** The `size` storms (of `basin`, when given) whose whole tracks are most like storm `id`'s; null for an unknown id. */
export function similarGlobal(
  data: Pick<GlobalTrackSearchData, 'summaries' | 'similar'>,
  id: string,
  options: { basin: ArchiveBasin | null; size: number },
): GlobalSimilar[] | null {
  const storm = data.summaries.findIndex((s) => s.id === id);
  if (storm < 0) return null;
  return scoreAgainstArchived(data.similar, storm)
    .map(({ storm: other, score }) => ({ summary: data.summaries[other] as ArchivedSummary, score: Math.round(score * 10) / 10 }))
    .filter((s) => matchesBasin(s.summary, options.basin))
    .sort((a, b) => a.score - b.score || b.summary.startTime.localeCompare(a.summary.startTime))
    .slice(0, options.size);
}
