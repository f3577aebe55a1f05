/**
 * The answers of the forecast endpoints from what the scheduled run kept (src/forecasts/forecast-store.ts) and what
 * the build wrote of the archived a-decks (src/forecasts/archived-forecasts.ts): a storm's issuances, paged, and as
 * GeoJSON with the agencies' measured cones; a live
 * storm's verification (against its final best track once the build has it, else the operational track kept with
 * the issuances: provisional); one season's verification per agency and basin, of the archived and the live-kept
 * forecasts. Pure: documents in, answers out (the handlers read the store and the data file).
 */
import type {
  ForecastStorm,
  StormForecastsAnswer,
  StormForecastsGeoJson,
  StormVerification,
  VerificationSummaryAnswer,
} from '../model/forecast-answer-schemas.ts';
import type { Issuance } from '../model/forecast-schemas.ts';
import type { ForecastArchiveFile } from './archived-forecasts.ts';
import type { StormForecasts } from './forecast-store.ts';
import { issuancesGeoJson } from './issuance-geojson.ts';
import { basinOfAtcfId } from './storm-basin.ts';
import { issuancesToVerify } from './verification-set.ts';
import { seasonVerification, verifyStorm, type BaselineForecasts, type VerifiedSet } from './verify-storm.ts';
import { persistenceForecastOnTrack } from './wp-persistence-baseline.ts';

/** A kept storm's id (a code such as 202411, or an ATCF id such as al132025) and the ids its issuances give. */
export function forecastStorm(id: string, issuances: readonly Issuance[], archive: ForecastArchiveFile): ForecastStorm {
  const atcfId = /^[a-z]{2}\d{6}$/.test(id) ? id : (issuances.find((i) => i.storm.atcfId)?.storm.atcfId ?? null);
  const code = /^\d{6}$/.test(id) ? id : (issuances.find((i) => i.storm.code)?.storm.code ?? null);
  const archived = archive.storms.find((s) => (code !== null && s.code === code) || (atcfId !== null && s.atcfId === atcfId));
  return {
    id,
    code,
    atcfId,
    archivedId: archived?.archivedId ?? null,
    name: issuances.find((i) => i.storm.name)?.storm.name ?? null,
    basin: issuances[0]?.basin ?? (atcfId ? basinOfAtcfId(atcfId) : 'WP'),
  };
}

/** A storm's kept issuances, newest first (the document's order), one page of them. */
export function stormForecastsPage(
  storm: ForecastStorm,
  kept: StormForecasts | null,
  { page, size }: { page: number; size: number },
): StormForecastsAnswer {
  const issuances = kept?.issuances ?? [];
  return {
    storm,
    list: issuances.slice((page - 1) * size, page * size),
    total: issuances.length,
    page,
    size,
    pages: Math.ceil(issuances.length / size),
    updatedAt: lastReadAt(issuances),
  };
}

/** When the scheduled run last read a forecast of the storm (the latest seenAt); null when none was read live. */
const lastReadAt = (issuances: readonly Issuance[]) =>
  issuances
    .flatMap((i) => i.source.seenAt ?? [])
    .sort()
    .at(-1) ?? null;

/**
 * A storm's kept issuances for a map, every one, newest first: each one's cone (its agency's, measured by the build
 * in the storm's basin, `archive.cones`), track and points, with how current the storm is while it is active.
 */
export function stormForecastsGeoJson(
  storm: ForecastStorm,
  kept: StormForecasts | null,
  archive: ForecastArchiveFile,
  freshness: StormForecastsGeoJson['freshness'],
) {
  const issuances = kept?.issuances ?? [];
  return { ...issuancesGeoJson(issuances, archive.cones), storm, total: issuances.length, updatedAt: lastReadAt(issuances), freshness };
}

/**
 * A live-kept storm's forecasts verified: against the final best track the build has of it (by its id), else the
 * operational track kept with them (provisional); in the north-western Pacific with the climatology-and-persistence
 * baseline run on that track.
 */
export function liveStormVerification(
  storm: ForecastStorm,
  kept: StormForecasts | null,
  archive: ForecastArchiveFile,
): { answer: StormVerification; set: VerifiedSet } {
  const issuances = kept?.issuances ?? [];
  const truth = archive.finalTracks[storm.id] ?? kept?.operational ?? null;
  let baseline: BaselineForecasts | null = null;
  if (truth && storm.basin === 'WP' && archive.wpBaseline) {
    const { wpBaseline } = archive;
    const initialTimes = [...new Set(issuancesToVerify(issuances).map((i) => i.initialTime))];
    const forecasts = initialTimes.flatMap((t) => persistenceForecastOnTrack(wpBaseline, storm.id, truth, new Date(t)) ?? []);
    baseline = forecasts.length ? { name: 'wp-persistence', forecasts } : null;
  }
  return verifyStorm({ storm, source: 'live', issuances, truth, baseline });
}

/** The year a kept storm belongs to, from its id: a code's first four digits, an ATCF id's last four. */
export const yearOfStormId = (id: string): number | null => {
  const match = /^(\d{4})\d{2,4}$/.exec(id) ?? /^[a-z]{2}\d{2}(\d{4})$/.exec(id);
  return match ? Number(match[1]) : null;
};

/**
 * One season's verification: the archived forecasts' (the build's) and the live-kept storms' of that year (verified
 * here), per agency, basin and source, with the comparisons; only the basin and the agency asked for, when asked.
 */
export function seasonAnswer(
  archive: ForecastArchiveFile,
  live: readonly VerifiedSet[],
  query: { year: number; basin: string | null; agency: string | null },
): VerificationSummaryAnswer {
  const archived = archive.seasons.find((s) => s.year === query.year) ?? { groups: [], comparisons: [] };
  const kept = seasonVerification(live, query.year);
  const inBasin = (g: { basin: string }) => query.basin === null || g.basin === query.basin;
  const list = [...archived.groups, ...kept.groups].filter((g) => inBasin(g) && (query.agency === null || g.agency === query.agency));
  const comparisons = [...archived.comparisons, ...kept.comparisons].filter(
    (c) => inBasin(c) && (query.agency === null || c.agencies.includes(query.agency)),
  );
  return { year: query.year, basin: query.basin, agency: query.agency, list, total: list.length, comparisons };
}
