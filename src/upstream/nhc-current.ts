/**
 * NHC `CurrentStorms.json`: the active storms of the Atlantic, East and Central Pacific
 * (docs/data/formats.md#nhc-currentstorms-and-the-tcm). Intensity and pressure are strings, coordinates numbers (sometimes
 * integer-typed), winds kt, but the motion in statute miles per hour, as NHC's public advisories give it (not kt as
 * its forecast advisories and decks do); there is no "final advisory" flag: a storm ends when it is no longer listed.
 * The name and the classification are free text, checked as a cyclone name and a type code
 * (src/model/upstream-text.ts): a value that fails is left out (null) and added to `rejected`.
 */
import { z } from 'zod';
import { positiveOrNull } from '../model/numbers.ts';
import { ShapeError } from '../model/parse-problems.ts';
import { checkCode, checkCycloneName, keep, type TextRejection } from '../model/upstream-text.ts';

const text = z.union([z.string(), z.number()]).nullish();

export const rawCurrentStormsSchema = z.object({
  activeStorms: z.array(
    z
      .object({
        id: z.string().regex(/^[a-z]{2}\d{6}$/i),
        name: z.string().nullish(),
        classification: z.string().nullish(),
        intensity: text,
        pressure: text,
        latitudeNumeric: z.number(),
        longitudeNumeric: z.number(),
        movementDir: z.number().nullish(),
        movementSpeed: z.number().nullish(),
        lastUpdate: z.string(),
        publicAdvisory: z.object({ advNum: z.string().nullish() }).loose().nullish(),
        forecastAdvisory: z.object({ advNum: z.string(), issuance: z.string() }).loose().nullish(),
      })
      .loose(),
  ),
});

export interface NhcStorm {
  atcfId: string;
  name: string | null;
  classification: string | null;
  windKt: number | null;
  pressure: number | null;
  lat: number;
  lng: number;
  directionDeg: number | null;
  /** The motion's speed, statute miles per hour (NHC's unit for `movementSpeed`). */
  speedMph: number | null;
  time: Date;
  /** The public advisory's number (`051A` → 51, an intermediate advisory counting as its full one); null when not given. */
  advisory: number | null;
  /**
   * The storm's latest forecast/advisory (TCM): its number as NHC writes it (`"005"`) and when it was issued. An
   * intermediate public advisory (`005A`) has no forecast of its own: the forecast advisory stays `005`.
   */
  forecastAdvisory: { number: string; issuedAt: Date } | null;
}

/** The forecast advisory's number and issue time; null when the feed gives none or an unreadable one. */
function forecastAdvisoryOf(product: { advNum: string; issuance: string } | null | undefined): NhcStorm['forecastAdvisory'] {
  const issuedAt = product ? new Date(product.issuance) : null;
  if (!product || !issuedAt || Number.isNaN(issuedAt.getTime()) || !/^\d{1,3}[A-Za-z]?$/.test(product.advNum.trim())) return null;
  return { number: product.advNum.trim().toUpperCase(), issuedAt };
}

export function parseCurrentStorms(json: unknown, rejected: TextRejection[]): NhcStorm[] {
  const parsed = rawCurrentStormsSchema.safeParse(json);
  if (!parsed.success)
    throw new ShapeError(
      `CurrentStorms: ${parsed.error.issues
        .slice(0, 2)
        .map((i) => `${i.path.join('.')}: ${i.message}`)
        .join('; ')}`,
    );
  return parsed.data.activeStorms.map((s, i) => {
    const time = new Date(s.lastUpdate);
    if (Number.isNaN(time.getTime())) throw new ShapeError(`CurrentStorms: lastUpdate ${s.lastUpdate} is not a time`);
    const atcfId = s.id.toLowerCase();
    return {
      atcfId,
      name: keep(checkCycloneName(s.name), rejected, { field: `activeStorms[${i}].name`, storm: atcfId })?.toUpperCase() ?? null,
      classification: keep(checkCode(s.classification), rejected, { field: `activeStorms[${i}].classification`, storm: atcfId }),
      windKt: positiveOrNull(s.intensity),
      pressure: positiveOrNull(s.pressure),
      lat: s.latitudeNumeric,
      lng: s.longitudeNumeric,
      directionDeg: s.movementDir ?? null,
      speedMph: s.movementSpeed ?? null,
      time,
      advisory: /^\d{1,3}[A-Z]?$/i.test(s.publicAdvisory?.advNum?.trim() ?? '')
        ? Number.parseInt(s.publicAdvisory?.advNum ?? '', 10)
        : null,
      forecastAdvisory: forecastAdvisoryOf(s.forecastAdvisory),
    };
  });
}
