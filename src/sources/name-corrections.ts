/**
 * Reviewed per-storm corrections of English names the CMA best track misspells or mixes up
 * (content/names/corrections.yaml). Unlike the name list's aliases, which map a variant to its official spelling
 * everywhere, these hold for one storm only: BESS is a real name in other years, and 1996's ABEL and BETH are
 * swapped between two storms.
 */
import { parse } from 'yaml';
import { z } from 'zod';

const upperName = z.string().regex(/^[A-Z][A-Z' -]*$/, 'an English name in upper case');

const nameCorrectionSchema = z.strictObject({
  code: z.string().regex(/^(\d{6}|\d{4}C\d{2})(-\d)?$/, 'a storm code'),
  cma: upperName,
  corrected: upperName,
  evidence: z.strictObject({
    agency: z.enum(['jma', 'jtwc']),
    id: z.string().regex(/^\d{6}$/),
    name: upperName.nullable(),
    match: z.string().min(1),
  }),
});

const nameCorrectionsSchema = z
  .strictObject({ corrections: z.array(nameCorrectionSchema) })
  .refine(({ corrections }) => new Set(corrections.map((c) => c.code)).size === corrections.length, 'a code is corrected twice');

export type NameCorrection = z.infer<typeof nameCorrectionSchema>;

/** The corrections by storm code; throws (zod) on a malformed file. */
export function parseNameCorrections(text: string): ReadonlyMap<string, NameCorrection> {
  const { corrections } = nameCorrectionsSchema.parse(parse(text));
  return new Map(corrections.map((c) => [c.code, c]));
}
