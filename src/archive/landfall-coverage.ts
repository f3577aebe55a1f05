/**
 * Whether the source recorded a storm's landfalls (`landRecorded`), so that an empty `land[]` can be told apart: "no
 * landfall recorded" or "landfalls not recorded". Only the Zhejiang archive records landfalls, and not in every year
 * (docs/data/formats.md#zhejiang-archive-json): in the real archive every year of 1947–1996 and 2013–2025 has 3 to 18
 * storms with records, while 1945–1946 have none and 1997–2012 at most one a year (199711 WINNIE, 200004 KAI-TAK,
 * 200409 KOMPASU; 1997's VICTOR, ZITA and AMBER crossed the coast without one, and 2006's SAOMAI too).
 *
 * Rule: a storm's landfalls are recorded when it has a Zhejiang record, and either that record lists a landfall or
 * its year is one whose records carry landfalls, at least 2 storms of the year having one. Recorded means as the
 * source records them: before 2013 landfalls on the Chinese mainland and Hainan only, from 2013 anywhere.
 */
import type { ZjStorm } from '../sources/zj-archive.ts';

/** Storms with a landfall record a year needs for its records to count as carrying landfalls. */
export const MIN_STORMS_WITH_LANDFALLS = 2;

/** The years whose zj storms carry landfall records. */
export function yearsWithLandfallRecords(zj: readonly ZjStorm[]): Set<number> {
  const perYear = new Map<number, number>();
  for (const storm of zj) {
    if (storm.land.length === 0) continue;
    const year = Number(storm.tfbh.slice(0, 4));
    perYear.set(year, (perYear.get(year) ?? 0) + 1);
  }
  return new Set([...perYear].filter(([, storms]) => storms >= MIN_STORMS_WITH_LANDFALLS).map(([year]) => year));
}

/** Whether the landfalls of a storm with this zj record (or none) are recorded. */
export const landRecorded = (zj: ZjStorm | null, recordedYears: ReadonlySet<number>): boolean =>
  zj !== null && (zj.land.length > 0 || recordedYears.has(Number(zj.tfbh.slice(0, 4))));
