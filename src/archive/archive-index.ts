/** The archive held in memory for rendering: records grouped by year and by code. */
import type { Typhoon } from '../model/typhoon-schemas.ts';

export interface ArchiveIndex {
  typhoons: readonly Typhoon[];
  years: readonly number[];
  byYear: ReadonlyMap<number, readonly Typhoon[]>;
  byCode: ReadonlyMap<string, Typhoon>;
}

export function indexArchive(typhoons: readonly Typhoon[]): ArchiveIndex {
  const byYear = new Map<number, Typhoon[]>();
  for (const t of typhoons) byYear.set(t.year, [...(byYear.get(t.year) ?? []), t]);
  return {
    typhoons,
    years: [...byYear.keys()].sort((a, b) => a - b),
    byYear,
    byCode: new Map(typhoons.map((t) => [t.code, t])),
  };
}
