/**
 * Official forecasts in an ATCF a-deck as issuances: NHC's `OFCL` (CPHC's in the central Pacific), its special
 * advisories' `OFCS`, and JTWC's `JTWC`, one issuance per base time (docs/formats.md#a-deck-forecast-lines). Winds
 * are kt, 1-minute means (NHC and JTWC both forecast the 1-min wind), pressures mb, `0` = not forecast. The
 * tau-0 row, when the deck has one, is the agency's own analysis (`initial`); the other taus are the forecast,
 * the 3-h position of newer decks included (it is not a lead time the verification uses).
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
  const points = forecast.rows.filter((r) => r.tau > 0).map((r) => position(r, base));
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
