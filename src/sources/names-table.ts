/**
 * The Typhoon Committee name list with Chinese names (content/names/typhoon-committee.yaml), maintained by hand.
 * It gives Chinese names to storms the Zhejiang archive lacks, corrects spelling variants in the sources,
 * and tells which storms had their name retired.
 */
import fs from 'node:fs';
import { parse } from 'yaml';
import { z } from 'zod';
import { NAMES_FILE_IN_PROJECT } from '../config/paths.ts';
import { englishNameKey, type NameList } from '../model/upstream-text.ts';

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

/**
 * Names in the data that are not on the Committee list: not used for spelling or Chinese-name lookups, but an
 * upstream name must be here or on the list to be kept (src/model/upstream-text.ts).
 */
const otherNameSchema = z.strictObject({
  en: z.string(),
  zh: z.string().optional(),
  basin: z.string().optional(),
  tfbh: z.array(z.union([z.string(), z.number()])).optional(),
  note: z.string().optional(),
});

const aliasSchema = z.union([z.object({ variant: z.string(), en: z.string() }), z.object({ variant: z.string(), zh: z.string() })]);

export const namesTableSchema = z.strictObject({
  names: z.array(nameEntrySchema),
  aliases: z.array(aliasSchema).default([]),
  nonCommittee: z.array(otherNameSchema).default([]),
  pre2000: z.array(otherNameSchema).default([]),
});

export type NameEntry = z.infer<typeof nameEntrySchema>;

/** Also a NameList: whether a Chinese or English name is in the table (names, variants, other names of the data). */
export interface NamesTable extends NameList {
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

/**
 * The table for the live normalisers (the scheduled refresh, the detail lookup), which check upstream names
 * against it. Read from a plain relative path (src/config/paths.ts NAMES_FILE_IN_PROJECT): a path built from
 * `import.meta` or `process.cwd()` would make the function bundler copy the whole folder (src/api/data-files.ts).
 */
export function liveNamesTable(): NamesTable {
  return parseNamesTable(fs.readFileSync(NAMES_FILE_IN_PROJECT, 'utf8'));
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
  // Every name the table knows, for the upstream-text check (src/model/upstream-text.ts): the Committee names,
  // their variants, and the other names found in the data (crossovers from the central Pacific, 1998–1999).
  const others = [...table.nonCommittee, ...table.pre2000];
  const chinese = new Set([...table.names, ...others].flatMap((entry) => (entry.zh ? [entry.zh] : [])).concat([...zhAlias.keys()]));
  const english = new Set(
    [...table.names, ...others].map((entry) => englishNameKey(entry.en)).concat([...enAlias.keys()].map(englishNameKey)),
  );
  const officialEnglish = (name: string) => {
    const upper = name.trim().toUpperCase();
    return enAlias.get(upper) ?? upper;
  };
  return {
    entries: table.names,
    byEnglish: (name) => byEn.get(officialEnglish(name)),
    officialChinese: (name) => zhAlias.get(name.trim()) ?? name.trim(),
    officialEnglish,
    listsChinese: (name) => chinese.has(name.trim()),
    listsEnglish: (name) => english.has(englishNameKey(name)),
    variantsOf: (name) => [
      ...[...enAlias].filter(([, official]) => official === name.toUpperCase()).map(([variant]) => variant),
      ...[...zhAlias].filter(([, official]) => official === name).map(([variant]) => variant),
    ],
  };
}
