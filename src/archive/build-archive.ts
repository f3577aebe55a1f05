/**
 * Merges the CMA best track and the Zhejiang archive into one record per storm, 1945 to the last CMA year.
 *
 * - CMA is the authority for time, position, pressure, wind and grade from 1949: its points are the track.
 * - The Zhejiang record brings the Chinese name, landfalls, wind circles and motion (joined to CMA points at
 *   the same instant) and the whole track for 1945–1948, which CMA does not cover.
 * - The names table gives Chinese names from 2000 on (when the Committee list with Chinese names began)
 *   where Zhejiang has none, corrects spelling variants, and marks retired names; the reviewed name corrections
 *   (content/names/corrections.yaml) fix the English names CMA misspells or swaps, storm by storm.
 * Every record says which source gave what (`provenance`), how its winds are averaged (`windPeriod`: JTWC's
 * 1-minute winds for 1945–1948, src/archive/jtwc-winds.ts) and whether its landfalls were recorded at all
 * (`landRecorded`, src/archive/landfall-coverage.ts). zj landfalls and wind circles that fail their checks
 * (src/archive/data-quality.ts) are left out of the record and listed in `quality`, with every correction.
 */
import { gradeFromCmaDigit, gradeFromLabel, gradeFromWind } from '../model/grades.ts';
import { trackPoint } from '../model/track-point.ts';
import type { Landfall, Provenance, TrackPoint, Typhoon } from '../model/typhoon-schemas.ts';
import { placeInEnglish, type PlacesTable } from '../model/place-names.ts';
import { toBeijingIso } from '../model/time.ts';
import { unlinkedIds } from '../model/storm-ids.ts';
import { headlineSources, trackSummary } from '../model/track-summary.ts';
import type { CmaEntryRaw } from '../sources/cma-best-track.ts';
import type { NameCorrection } from '../sources/name-corrections.ts';
import type { NamesTable } from '../sources/names-table.ts';
import type { ZjLandfall, ZjPoint, ZjStorm } from '../sources/zj-archive.ts';
import type { AgencyTracks } from '../sources/agencies/read-agency-sources.ts';
import { assignCodes } from './assign-codes.ts';
import { correctEnglishName } from './correct-names.ts';
import { buildCrosswalk, type Crosswalk } from './crosswalk.ts';
import { checkLandfalls, checkWindRadii, type DataQualityProblem } from './data-quality.ts';
import { jtwcWindMs, LAST_JTWC_YEAR, windReconversionProblem } from './jtwc-winds.ts';
import { landRecorded, yearsWithLandfallRecords } from './landfall-coverage.ts';
import { matchArchive, type SourceMatch } from './match-sources.ts';
import { checkCoverage } from './source-coverage.ts';

/** Chinese names began with the Committee list on 2000-01-01; earlier English names had none officially. */
const FIRST_YEAR_OF_CHINESE_NAMES = 2000;

export interface ArchiveSources {
  cma: readonly CmaEntryRaw[];
  zj: readonly ZjStorm[];
  names: NamesTable;
  /** Reviewed per-storm corrections of English names, by storm code (content/names/corrections.yaml). */
  nameCorrections: ReadonlyMap<string, NameCorrection>;
  /** The reviewed place table (content/places/places.yaml): every landfall place also in English. */
  places: PlacesTable;
  /** Other agencies' best tracks (any subset, or none), linked to the records by the crosswalk. */
  agencies: { tracks: AgencyTracks };
}

export interface ArchiveResult {
  typhoons: Typhoon[];
  /** Each record's ids in the other agencies' records, how each was found, and the linked tracks. */
  crosswalk: Crosswalk;
  matches: SourceMatch[];
  /**
   * zj values left out of the records (landfalls, wind circles that fail their checks), reorderings and
   * pairings worth knowing, for the data-quality report (src/archive/data-quality.ts).
   */
  quality: DataQualityProblem[];
}

/** What the zj record adds to a point at the same instant: motion and wind circles. */
const zjExtras = (zj: ZjPoint | undefined) => ({
  moveDir: zj?.moveDir,
  moveSpeed: zj?.moveSpeed,
  radius7: zj?.radius7,
  radius10: zj?.radius10,
  radius12: zj?.radius12,
});

function cmaTrack(entry: CmaEntryRaw, zj: ZjStorm | null): TrackPoint[] {
  const zjByInstant = new Map((zj?.points ?? []).map((p) => [p.time.getTime(), p]));
  return entry.points.map((p) =>
    trackPoint({
      time: toBeijingIso(p.time),
      lat: p.lat,
      lng: p.lng,
      grade: gradeFromCmaDigit(p.grade),
      speed: p.wind,
      pressure: p.pressure,
      ...zjExtras(zjByInstant.get(p.time.getTime())),
    }),
  );
}

/** A track from the Zhejiang record alone; JTWC's winds (1945–1948) converted again, with the grade from them. */
function zjTrack(zj: ZjStorm, fromJtwc: boolean): TrackPoint[] {
  return zj.points.map((p) => {
    const speed = fromJtwc ? jtwcWindMs(p.speed) : p.speed;
    const grade = fromJtwc ? gradeFromWind(speed) : gradeFromLabel(p.label);
    return trackPoint({ time: toBeijingIso(p.time), lat: p.lat, lng: p.lng, grade, speed, pressure: p.pressure, ...zjExtras(p) });
  });
}

/** Landfall intensity is not recorded; it is taken from the track point nearest in time. The place is also given in English. */
function landfalls(land: readonly ZjLandfall[], points: readonly TrackPoint[], places: PlacesTable): Landfall[] {
  return land.map((land) => {
    const instant = land.time.getTime();
    const nearest = points.reduce((best, p) =>
      Math.abs(Date.parse(p.time) - instant) < Math.abs(Date.parse(best.time) - instant) ? p : best,
    );
    return {
      time: toBeijingIso(land.time),
      lat: land.lat,
      lng: land.lng,
      position: land.position,
      positionEn: placeInEnglish(land.position, places).en,
      strong: nearest.strong,
      grade: nearest.grade,
      speed: nearest.speed,
      pressure: nearest.pressure,
    };
  });
}

interface Names {
  name: string | null;
  enname: string | null;
  nameZh: Provenance['nameZh'];
  nameEn: Provenance['nameEn'];
}

function resolveNames(year: number, cma: CmaEntryRaw | null, zj: ZjStorm | null, names: NamesTable): Names {
  const cmaEnglish = cma?.baseName ? names.officialEnglish(cma.baseName) : null;
  const zjEnglish = zj?.ename ? names.officialEnglish(zj.ename) : null;
  const enname = cmaEnglish ?? zjEnglish;
  const zjChinese = zj?.name ? names.officialChinese(zj.name) : null;
  const tableChinese = year >= FIRST_YEAR_OF_CHINESE_NAMES && enname ? (names.byEnglish(enname)?.zh ?? null) : null;
  return {
    enname,
    name: zjChinese ?? tableChinese,
    nameEn: cmaEnglish ? 'cma' : zjEnglish ? 'zj' : null,
    nameZh: zjChinese ? 'zj' : tableChinese ? 'names-table' : null,
  };
}

/** What every record needs besides its own entry and zj storm. */
interface RecordContext {
  names: NamesTable;
  nameCorrections: ReadonlyMap<string, NameCorrection>;
  places: PlacesTable;
  /** Years whose zj records carry landfalls (src/archive/landfall-coverage.ts). */
  landfallYears: ReadonlySet<number>;
  quality: DataQualityProblem[];
}

function record(code: string, year: number, cma: CmaEntryRaw | null, source: ZjStorm | null, context: RecordContext): Typhoon {
  const { names, quality } = context;
  // zj values are checked before they join: implausible wind circles first, then landfalls against the merged track.
  const radii = source && checkWindRadii(source);
  const zj = radii?.storm ?? null;
  const fromJtwc = !cma && year <= LAST_JTWC_YEAR;
  const points = cma ? cmaTrack(cma, zj) : zjTrack(zj as ZjStorm, fromJtwc);
  const checked = zj ? checkLandfalls(zj, points) : null;
  const reconverted = fromJtwc ? windReconversionProblem(zj as ZjStorm, points) : null;
  const corrected = correctEnglishName(code, cma, context.nameCorrections.get(code));
  quality.push(
    ...(radii?.problems ?? []),
    ...(checked?.problems ?? []),
    ...(reconverted ? [reconverted] : []),
    ...(corrected ? [corrected.problem] : []),
  );
  const sourceNames = resolveNames(year, cma, zj, names);
  const resolved: Names = corrected ? { ...sourceNames, enname: corrected.enname, nameEn: 'name-corrections' } : sourceNames;
  const land = landfalls(checked?.land ?? [], points, context.places);
  const retired = resolved.enname ? names.byEnglish(resolved.enname) : undefined;
  const has = (test: (p: TrackPoint) => boolean) => points.some(test);
  const summary = trackSummary(points);
  return {
    code,
    name: resolved.name,
    enname: resolved.enname,
    year,
    isActive: false,
    ...summary,
    windPeriod: fromJtwc ? '1min' : '2min',
    points,
    forecasts: {},
    land,
    landRecorded: landRecorded(zj, context.landfallYears),
    cma: cma && {
      year: cma.year,
      seq: cma.seq,
      internationalNumber: cma.internationalNumber,
      chineseNumbers: cma.chineseNumbers,
      name: cma.name,
      endFlag: cma.endFlag,
      releaseDate: cma.releaseDate,
    },
    ids: unlinkedIds(code),
    zjId: zj?.tfbh ?? null,
    provenance: {
      track: cma ? 'cma' : 'zj',
      nameZh: resolved.nameZh,
      nameEn: resolved.nameEn,
      landfall: land.length ? 'zj' : null,
      windCircles: has((p) => p.radius7 !== null || p.radius10 !== null || p.radius12 !== null) ? 'zj' : null,
      motion: has((p) => p.moveDir !== null || p.moveSpeed !== null) ? 'zj' : null,
      ...headlineSources(summary, cma ? 'cma' : fromJtwc ? 'jtwc' : 'zj', cma ? 'cma' : 'zj'),
    },
    retiredName: retired?.status === 'retired' && retired.retiredFor === year,
    live: null,
  };
}

/**
 * One record per CMA entry (1949 on) plus one per Zhejiang storm CMA lacks (1945–1948, and the seasons after the
 * last CMA year file), sorted by start. zj storms from 1949 on without a CMA entry inside CMA's years are
 * refused earlier, by readSources (src/archive/source-coverage.ts).
 */
export function buildArchive({ cma, zj, names, nameCorrections, places, agencies }: ArchiveSources): ArchiveResult {
  const matches = matchArchive(cma, zj);
  const codes = assignCodes(cma, matches);
  const zjOf = new Map(matches.filter((m) => m.cma).map((m) => [m.cma as CmaEntryRaw, m.zj]));
  const quality: DataQualityProblem[] = [...checkCoverage(matches, new Set(cma.map((e) => e.year))).notes];
  const context: RecordContext = {
    names,
    nameCorrections,
    places,
    landfallYears: yearsWithLandfallRecords(matches.map((m) => m.zj)),
    quality,
  };

  const typhoons = [
    ...cma.map((entry) => record(codes.get(entry) as string, entry.year, entry, zjOf.get(entry) ?? null, context)),
    ...matches.filter((m) => !m.cma).map((m) => record(m.zj.tfbh, Number(m.zj.tfbh.slice(0, 4)), null, m.zj, context)),
  ];
  typhoons.sort((a, b) => a.year - b.year || a.startTime.localeCompare(b.startTime) || a.code.localeCompare(b.code));
  const crosswalk = buildCrosswalk(typhoons, agencies.tracks);
  quality.push(...crosswalk.problems);
  const linked = typhoons.map((t) => ({ ...t, ids: crosswalk.ids.get(t.code) ?? t.ids }));
  return { typhoons: linked, crosswalk, matches, quality };
}
