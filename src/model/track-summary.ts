/** What a storm record says about its whole track, derived from the points in one place (archive, live, global). */
import { peakGrade, type GradeCode } from './grades.ts';
import type { TrackPoint } from './typhoon-schemas.ts';

export interface TrackSummary {
  startTime: string;
  endTime: string;
  peakGrade: GradeCode | null;
  /** Highest maximum wind, m/s; null when no point has one. */
  maxSpeed: number | null;
  /** Lowest central pressure, hPa; null when no point has one. */
  minPressure: number | null;
}

/** The summary of a track whose points are in time order. */
export function trackSummary(points: readonly Pick<TrackPoint, 'time' | 'grade' | 'speed' | 'pressure'>[]): TrackSummary {
  const speeds = points.map((p) => p.speed).filter((v): v is number => v !== null);
  const pressures = points.map((p) => p.pressure).filter((v): v is number => v !== null);
  return {
    startTime: points[0]?.time as string,
    endTime: points[points.length - 1]?.time as string,
    peakGrade: peakGrade(points),
    maxSpeed: speeds.length ? Math.max(...speeds) : null,
    minPressure: pressures.length ? Math.min(...pressures) : null,
  };
}

/** Who gave each headline figure (provenance): the wind's source grades and peaks, the pressure's gives the minimum; null where the figure is. */
export function headlineSources<S>(
  summary: TrackSummary,
  wind: S,
  pressure: S,
): { peakGrade: S | null; maxSpeed: S | null; minPressure: S | null } {
  return {
    peakGrade: summary.peakGrade === null ? null : wind,
    maxSpeed: summary.maxSpeed === null ? null : wind,
    minPressure: summary.minPressure === null ? null : pressure,
  };
}
