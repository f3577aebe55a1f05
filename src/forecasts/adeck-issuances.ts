/**
 * Official forecasts in an ATCF a-deck as issuances: NHC's `OFCL` (CPHC's in the central Pacific), its special
 * advisories' `OFCS`, and JTWC's `JTWC`, one issuance per base time (docs/data/formats.md#a-deck-forecast-lines). Winds
 * are kt, 1-minute means (NHC and JTWC both forecast the 1-min wind), pressures mb, `0` = not forecast. The
 * tau-0 row, when the deck has one, is the agency's own analysis (`initial`); the other taus are the forecast,
 * the 3-h position of newer decks included (it is not a lead time the verification uses).
 *
 * The stage column (`TY`) of NHC's archived 2004 forecasts repeats the initial classification on every tau (Charley:
 * `TD` on a 65-kt 72-h position, on every one of its 25 forecasts): a column that is the same on every row while the
 * forecast winds leave that stage's range (TD < 34 kt, TS 34–63, HU ≥ 64) is not a forecast of the stage, and the
 * forecast positions get no stage (the analysis keeps it).
 */
import { toUtcIso } from '../model/time.ts';
import type { ForecastPosition } from '../model/forecast-schemas.ts';
import type { IssuanceDraft } from '../model/issuance-key.ts';
import { deckName, techForecasts, type AtcfRecord, type TechForecast } from '../upstream/atcf.ts';
import { basinOfAtcfId } from './storm-basin.ts';

const HOUR_MS = 3_600_000;

/** The official techniques and whose they are; `special` marks the special advisories' forecasts. */
const OFFICIAL_TECHS = [
  { tech: 'OFCL', special: false },
  { tech: 'OFCS', special: true },
  { tech: 'JTWC', special: false },
] as const;

function agencyOf(tech: string, atcfId: string): string {
  if (tech === 'JTWC') return 'jtwc';
  // OFCL in a central Pacific deck is the Central Pacific Hurricane Center's forecast.
  return atcfId.startsWith('cp') ? 'cphc' : 'nhc';
}

/** The wind range (kt) of the stages whose names are intensities. */
const STAGE_WINDS: Record<string, [number, number]> = { TD: [0, 33], TS: [34, 63], HU: [64, Infinity], TY: [64, Infinity] };

/** True when every row repeats one stage the forecast winds contradict: the initial's, not a forecast. */
function repeatedStage(rows: readonly AtcfRecord[]): boolean {
  const stages = new Set(rows.map((r) => r.type));
  const [only] = [...stages];
  const range = stages.size === 1 && only ? STAGE_WINDS[only] : undefined;
  return range !== undefined && rows.some((r) => r.windKt !== null && (r.windKt < range[0] || r.windKt > range[1]));
}

const position = (r: AtcfRecord, base: number): ForecastPosition => ({
  leadHours: r.tau,
  validTime: toUtcIso(new Date(base + r.tau * HOUR_MS)),
  lat: r.lat,
  lng: r.lng,
  wind: r.windKt,
  pressure: r.pressure,
  stage: r.type,
});

export interface AdeckSource {
  /** The deck's ATCF id (`al032004`): the file names it; its rows give only basin and number. */
  atcfId: string;
  channel: 'live' | 'archive';
  /** The file read (`aal032004.dat`). */
  file: string | null;
  /** When the scheduled run read it; null for an archive file. */
  seenAt: Date | null;
}

function draft(forecast: TechForecast, special: boolean, name: string | null, from: AdeckSource): IssuanceDraft | null {
  const base = forecast.baseTime.getTime();
  const initial = forecast.rows.find((r) => r.tau === 0);
  const repeated = repeatedStage(forecast.rows);
  const points = forecast.rows.filter((r) => r.tau > 0).map((r) => ({ ...position(r, base), stage: repeated ? null : r.type }));
  if (points.length === 0) return null;
  return {
    agency: agencyOf(forecast.tech, from.atcfId),
    basin: basinOfAtcfId(from.atcfId),
    storm: { id: from.atcfId, code: null, atcfId: from.atcfId, name },
    initialTime: toUtcIso(forecast.baseTime),
    issuedAt: null,
    advisory: null,
    wind: { unit: 'kt', period: '1min' },
    stageScheme: 'atcf',
    initial: initial ? position(initial, base) : null,
    points,
    special,
    source: {
      product: 'atcf-adeck',
      channel: from.channel,
      file: from.file,
      tech: forecast.tech,
      seenAt: from.seenAt && toUtcIso(from.seenAt),
    },
  };
}

/**
 * Every official forecast of a parsed a-deck, oldest first (the original of a base time before its special
 * advisory). A base time with no forecast position (a tau-0 row alone) is no forecast and is left out.
 */
export function adeckIssuances(records: readonly AtcfRecord[], from: AdeckSource): IssuanceDraft[] {
  const name = deckName(records);
  return OFFICIAL_TECHS.flatMap(({ tech, special }) =>
    techForecasts(records, tech).flatMap((f) => draft(f, special, name, from) ?? []),
  ).sort((a, b) => a.initialTime.localeCompare(b.initialTime) || Number(a.special) - Number(b.special));
}
