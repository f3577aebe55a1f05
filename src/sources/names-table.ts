/**
 * The Typhoon Committee name list with Chinese names (content/names/typhoon-committee.yaml), maintained by hand.
 * It gives Chinese names to storms the Zhejiang archive lacks, corrects spelling variants in the sources,
 * and tells which storms had their name retired.
 */
import { parse } from 'yaml';
import { z } from 'zod';

const nameEntrySchema = z.strictObject({
  en: z.string().regex(/^[A-Z][A-Z' -]*$/),
  /** null for names approved so recently that CMA has not published their Chinese form. */
  zh: z.string().min(1).nullable(),
  contributor: z.string(),
  list: z.number().int().min(1).max(5),
  status: z.enum(['active', 'retired']),
  retiredFor: z.number().int().optional(),
  reason: z.enum(['damage', 'spelling', 'pronunciation', 'meaning', 'member-request', 'withdrawn', 'duplicate']).optional(),
  replacedBy: z.string().nullable().optional(),
  uncertain: z.boolean().optional(),
  note: z.string().optional(),
});

/** Names in the data that are not on the Committee list (documentation for maintainers; not used for lookups). */
const otherNameSchema = z.strictObject({
  en: z.string(),
  zh: z.string().optional(),
  basin: z.string().optional(),
  tfbh: z.array(z.union([z.string(), z.number()])).optional(),
  note: z.string().optional(),
});

const aliasSchema = z.union([
  z.object({ variant: z.string(), en: z.string() }),
  z.object({ variant: z.string(), zh: z.string() }),
]);

export const namesTableSchema = z.strictObject({
  names: z.array(nameEntrySchema),
  aliases: z.array(aliasSchema).default([]),
  nonCommittee: z.array(otherNameSchema).default([]),
  pre2000: z.array(otherNameSchema).default([]),
});

export type NameEntry = z.infer<typeof nameEntrySchema>;

export interface NamesTable {
  /** Official entry for an English name, variants included (case-insensitive). */
  byEnglish(name: string): NameEntry | undefined;
  /** The official Chinese spelling of a Chinese name (variants corrected). */
  officialChinese(name: string): string;
  /** The official English spelling, upper case (variants corrected). */
  officialEnglish(name: string): string;
  /** Every other spelling known for a name, for search. */
  variantsOf(name: string): string[];
  readonly entries: readonly NameEntry[];
}

/** The last table parsed, with its text: every build reads the same file, and parsing it takes tens of ms. */
let lastParsed: { text: string; table: NamesTable } | null = null;

export function parseNamesTable(text: string): NamesTable {
  if (lastParsed?.text !== text) lastParsed = { text, table: readNamesTable(text) };
  return lastParsed.table;
}

function readNamesTable(text: string): NamesTable {
  const table = namesTableSchema.parse(parse(text));
  const byEn = new Map(table.names.map((entry) => [entry.en, entry]));
  const enAlias = new Map<string, string>();
  const zhAlias = new Map<string, string>();
  for (const alias of table.aliases) {
    if ('en' in alias) enAlias.set(alias.variant.toUpperCase(), alias.en.toUpperCase());
    else zhAlias.set(alias.variant, alias.zh);
  }
  const officialEnglish = (name: string) => {
    const upper = name.trim().toUpperCase();
    return enAlias.get(upper) ?? upper;
  };
  return {
    entries: table.names,
    byEnglish: (name) => byEn.get(officialEnglish(name)),
    officialChinese: (name) => zhAlias.get(name.trim()) ?? name.trim(),
    officialEnglish,
    variantsOf: (name) => [
      ...[...enAlias].filter(([, official]) => official === name.toUpperCase()).map(([variant]) => variant),
      ...[...zhAlias].filter(([, official]) => official === name).map(([variant]) => variant),
    ],
  };
}
