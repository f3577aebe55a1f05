/**
 * A north-western Pacific storm of the CMA archive as a record of the archive of every basin, so that every basin
 * answers in one shape: its track in UTC, CMA's winds in m/s as CMA writes them and in kt (converted: 1 m/s =
 * 3600/1852 kt), CMA's grade as the stage code, its landfalls with their place in English, its ids in each
 * agency's records and the agencies whose tracks are side by side. Its own record (/api/v1/typhoons/{code}) keeps
 * what this shape has no room for: the Beaufort force-7/10/12 wind circles (no 34/50/64-kt radii), the motion,
 * the Chinese places, the sources of each value.
 */
import type { ArchiveBasin, ArchivedPoint, ArchivedStorm, Stage } from '../../model/global-archive-schemas.ts';
import type { Typhoon } from '../../model/typhoon-schemas.ts';
import { toUtcIso } from '../../model/time.ts';
import { MS_TO_KT } from '../../model/units.ts';
import { recordAce } from '../summaries.ts';
import { intensityClass, peaksOf } from './archived-record.ts';

const cmaStage = (grade: Typhoon['points'][number]['grade']): Stage | null =>
  grade === null ? null : grade === 'ET' ? 'extratropical' : 'tropical';

/** m/s → kt, one decimal (CMA writes whole m/s: 33 m/s is 64.1 kt). */
const knots = (speed: number | null) => (speed === null ? null : Math.round(speed * MS_TO_KT * 10) / 10);

const utc = (time: string) => toUtcIso(new Date(time));

/**
 * `basins`: every basin its track entered, as its IBTrACS record lists them (WP alone when it has none);
 * `agencies`: the agencies whose tracks of it are side by side (/api/v1/typhoons/{code}/agencies).
 */
export function archivedFromCma(t: Typhoon, basins: readonly ArchiveBasin[] | undefined, agencies: readonly string[]): ArchivedStorm {
  const points: ArchivedPoint[] = t.points.map((p) => ({
    time: utc(p.time),
    lat: p.lat,
    lng: p.lng,
    status: p.grade,
    stage: cmaStage(p.grade),
    record: null,
    windKt: knots(p.speed),
    speed: p.speed,
    pressure: p.pressure,
    radius34: null,
    radius50: null,
    radius64: null,
    rmw: null,
  }));
  return {
    id: `cma-${t.code}`,
    source: 'cma',
    sourceId: t.code,
    code: t.code,
    name: t.enname,
    nameZh: t.name,
    year: t.year,
    basin: 'WP',
    basins: basins?.includes('WP') ? [...basins] : ['WP'],
    // After CMA's last best-track year the track is CMA's real-time analysis, as the Zhejiang archive keeps it.
    provisional: t.provenance.track === 'zj' && t.windPeriod === '2min',
    windPeriod: t.windPeriod,
    // 1945–1948: the Zhejiang archive relays JTWC's 1-minute winds.
    windAgency: t.windPeriod === '1min' ? 'jtwc' : 'cma',
    startTime: utc(t.startTime),
    endTime: utc(t.endTime),
    ...peaksOf(points),
    // On the unrounded winds, as the archive's own years count them (src/archive/summaries.ts).
    intensity: intensityClass(t.points.map((p) => ({ windKt: p.speed === null ? null : p.speed * MS_TO_KT, stage: cmaStage(p.grade) }))),
    ace: recordAce(t),
    landRecorded: t.landRecorded,
    land: t.land.map((l) => ({
      time: utc(l.time),
      lat: l.lat,
      lng: l.lng,
      status: l.grade,
      stage: cmaStage(l.grade),
      windKt: knots(l.speed),
      speed: l.speed,
      pressure: l.pressure,
      place: l.positionEn || null,
    })),
    links: { global: null, atcf: t.ids.jtwc, ibtracs: t.ids.ibtracs, cma: t.code },
    agencies: [...agencies],
    ids: t.ids,
    points,
  };
}
