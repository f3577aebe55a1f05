/**
 * A HURDAT2 storm as an archived record: NHC's values as the file writes them, with the wind in m/s beside the
 * knots (1-minute), radii and the radius of maximum wind in km, and the landfalls the file marks (`L`).
 */
import type { ArchiveBasin, ArchivedPoint, ArchivedStorm, ArchiveLinks } from '../../model/global-archive-schemas.ts';
import type { Hurdat2Point, Hurdat2Storm } from '../../model/hurdat2-schemas.ts';
import type { WindCircle } from '../../model/typhoon-schemas.ts';
import { knotsToMs, nmToKm } from '../../model/units.ts';
import { intensityClass, peaksOf, stageOf, trackAce } from './archived-record.ts';

const circleKm = (q: Hurdat2Point['radiiNm']['kt34']): WindCircle | null =>
  q && { ne: nmToKm(q.ne), se: nmToKm(q.se), sw: nmToKm(q.sw), nw: nmToKm(q.nw) };

function point(p: Hurdat2Point): ArchivedPoint {
  return {
    time: p.time,
    lat: p.lat,
    lng: p.lng,
    status: p.status,
    stage: stageOf(p.status),
    record: p.record,
    windKt: p.windKt,
    speed: knotsToMs(p.windKt),
    pressure: p.pressureHpa,
    radius34: circleKm(p.radiiNm.kt34),
    radius50: circleKm(p.radiiNm.kt50),
    radius64: circleKm(p.radiiNm.kt64),
    rmw: nmToKm(p.rmwNm),
  };
}

/**
 * The basins a HURDAT2 track entered: the Atlantic's storms are NA's; the North-east and Central Pacific's are
 * EP's (IBTrACS's basin, which holds the Central Pacific), and WP's from the first entry west of the antimeridian.
 */
function basinsOf(storm: Hurdat2Storm): ArchiveBasin[] {
  if (storm.basin === 'AL') return ['NA'];
  return storm.points.some((p) => p.lng > 0) ? ['EP', 'WP'] : ['EP'];
}

/** `ibtracs`: the storm's IBTrACS SID, when an IBTrACS file read names its ATCF id. */
export function archivedFromHurdat2(storm: Hurdat2Storm, ibtracs: string | null): ArchivedStorm {
  const points = storm.points.map(point);
  const atcf = storm.id.toLowerCase();
  const links: ArchiveLinks = { global: `nhc-${atcf}`, atcf, ibtracs, cma: null };
  const basins = basinsOf(storm);
  return {
    id: `nhc-${atcf}`,
    source: 'hurdat2',
    sourceId: storm.id,
    code: null,
    name: storm.name,
    nameZh: null,
    year: storm.year,
    basin: basins[0] as ArchiveBasin,
    basins,
    provisional: false,
    windPeriod: '1min',
    windAgency: 'nhc',
    startTime: points[0]?.time as string,
    endTime: points[points.length - 1]?.time as string,
    ...peaksOf(points),
    intensity: intensityClass(points),
    ace: trackAce(points),
    landRecorded: true,
    land: points
      .filter((p) => p.record === 'L')
      .map(({ time, lat, lng, status, stage, windKt, speed, pressure }) => ({
        time,
        lat,
        lng,
        status,
        stage,
        windKt,
        speed,
        pressure,
        place: null,
      })),
    links,
    agencies: [],
    ids: null,
    points,
  };
}
