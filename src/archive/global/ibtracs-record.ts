/**
 * An IBTrACS storm as an archived record: IBTrACS's combined position (LAT, LON) at each row, with the responsible
 * WMO agency's wind and pressure (WMO_WIND, WMO_PRES: RSMC New Delhi in the North Indian Ocean, La Réunion in the
 * South Indian, Australia's centres, Nadi and Wellington in the South Pacific), each agency's own averaging period,
 * never adjusted. The South Atlantic has no WMO agency: there the record gives the US agency's 1-minute winds.
 * IBTrACS marks no landfalls (its LANDFALL column is a computed distance, not a record's mark).
 */
import type { IbtracsPoint, IbtracsTrack } from '../../model/agency-track-schemas.ts';
import type { ArchiveBasin, ArchivedPoint, ArchivedStorm, ArchiveWindPeriod } from '../../model/global-archive-schemas.ts';
import { intensityClass, peaksOf, stageOf, trackAce } from './archived-record.ts';

const PERIODS: Readonly<Record<number, ArchiveWindPeriod>> = { 1: '1min', 2: '2min', 3: '3min', 10: '10min' };

/** The ATCF basins whose storms JTWC numbers, so that the global cyclones call them jtwc-<id>. */
const JTWC_BASINS = new Set(['io', 'sh', 'wp']);

/** Whose winds the record gives: the WMO agencies of the rows (in order), or the US agency where none gives any. */
function windsOf(track: IbtracsTrack): {
  agency: string | null;
  period: ArchiveWindPeriod | null;
  wind: (p: IbtracsPoint) => IbtracsPoint;
} {
  const wmo = [...new Set(track.points.filter((p) => p.windKt !== null && p.wmoAgency !== null).map((p) => p.wmoAgency as string))];
  if (wmo.length > 0 || !track.points.some((p) => p.agencies.usa?.windKt != null))
    return {
      agency: wmo.length ? wmo.join('/') : null,
      period: track.windPeriodMinutes === null ? null : (PERIODS[track.windPeriodMinutes] ?? null),
      wind: (p) => p,
    };
  return {
    agency: 'usa',
    period: '1min',
    wind: (p) => ({
      ...p,
      windKt: p.agencies.usa?.windKt ?? null,
      windMs: p.agencies.usa?.windMs ?? null,
      pressureHpa: p.agencies.usa?.pressureHpa ?? null,
    }),
  };
}

/** A track with at least one BASIN (the records builder takes those formed in the basins IBTrACS is the record of). */
export function archivedFromIbtracs(track: IbtracsTrack): ArchivedStorm {
  const winds = windsOf(track);
  const points: ArchivedPoint[] = track.points.map((row) => {
    const p = winds.wind(row);
    return {
      time: p.time,
      lat: p.lat,
      lng: p.lng,
      status: p.grade,
      stage: stageOf(p.grade),
      record: null,
      windKt: p.windKt,
      speed: p.windMs,
      pressure: p.pressureHpa,
      radius34: null,
      radius50: null,
      radius64: null,
      rmw: null,
    };
  });
  const atcf = track.usaAtcfIds.length === 1 ? (track.usaAtcfIds[0] as string).toLowerCase() : null;
  return {
    id: `ibtracs-${track.id}`,
    source: 'ibtracs',
    sourceId: track.id,
    code: null,
    name: track.name,
    nameZh: null,
    year: track.season,
    basin: track.basins[0] as ArchiveBasin,
    basins: track.basins,
    provisional: track.trackType === 'PROVISIONAL',
    windPeriod: winds.period,
    windAgency: winds.agency,
    startTime: points[0]?.time as string,
    endTime: points[points.length - 1]?.time as string,
    ...peaksOf(points),
    intensity: intensityClass(points),
    ace: trackAce(points),
    landRecorded: false,
    land: [],
    links: {
      global: atcf && JTWC_BASINS.has(atcf.slice(0, 2)) ? `jtwc-${atcf}` : null,
      atcf: atcf && /^[a-z]{2}\d{6}$/.test(atcf) ? atcf : null,
      ibtracs: track.id,
      cma: null,
    },
    agencies: [],
    ids: null,
    points,
  };
}
