/**
 * PAGASA's areas (content/warnings/pagasa-areas.yaml): the names its bulletins use, their island group and an
 * approximate covering circle, to tell which wind signals apply at a place. The circles are an approximation
 * written by hand (the file's header says how); docs/api/warnings.md, "Which warnings apply at a place".
 */
import { parse } from 'yaml';
import { z } from 'zod';
import { ISLAND_GROUPS, type IslandGroup } from './warning-schemas.ts';
import { checkWarningText, type WarningTextRejection } from './warning-text.ts';

const areaSchema = z.strictObject({
  name: z.string(),
  aliases: z.array(z.string()).optional(),
  group: z.enum(ISLAND_GROUPS),
  within: z.string().optional(),
  lat: z.number().min(4).max(22),
  lng: z.number().min(114).max(128),
  radiusKm: z.number().positive().max(400),
});

export interface GazetteerArea {
  name: string;
  group: IslandGroup;
  /** The province an island group belongs to; null for a province. */
  within: string | null;
  lat: number;
  lng: number;
  radiusKm: number;
}

export interface PagasaGazetteer {
  areas: readonly GazetteerArea[];
  /** The area a bulletin's name means (its name or an alias, letter case aside), or null when the table has none. */
  lookup(name: string): GazetteerArea | null;
}

/** Reads the table; throws with every problem named when a name is not a PAGASA place, repeated, or within an unknown province. */
export function parsePagasaGazetteer(text: string): PagasaGazetteer {
  const raw = z.object({ areas: z.array(areaSchema).min(1) }).parse(parse(text));
  const problems: string[] = [];
  const byKey = new Map<string, GazetteerArea>();
  const areas = raw.areas.map((a) => ({
    name: a.name,
    group: a.group,
    within: a.within ?? null,
    lat: a.lat,
    lng: a.lng,
    radiusKm: a.radiusKm,
  }));
  raw.areas.forEach((a, i) => {
    for (const name of [a.name, ...(a.aliases ?? [])]) {
      const rejected: WarningTextRejection[] = [];
      if (checkWarningText('pagasa-area', name, name, rejected) === null) problems.push(`${name}: ${rejected[0]?.rule}`);
      const key = name.toLowerCase();
      if (byKey.has(key)) problems.push(`${name} is written twice`);
      byKey.set(key, areas[i] as GazetteerArea);
    }
  });
  for (const a of areas)
    if (a.within !== null && !byKey.has(a.within.toLowerCase()))
      problems.push(`${a.name} is within ${a.within}, which is not in the table`);
  if (problems.length > 0) throw new Error(`PAGASA areas table: ${problems.join('; ')}`);
  return { areas, lookup: (name) => byKey.get(name.toLowerCase()) ?? null };
}
