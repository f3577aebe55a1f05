/**
 * Each basin's years from the archive of every basin (src/archive/global/global-records.ts): storms, those that
 * reached 34, 64 and 96 kt as a tropical or subtropical cyclone on their record's own winds, and ACE. A storm
 * counts once, in the basin where it formed, in its record's year (a southern-hemisphere season by its end).
 */
import { ARCHIVE_BASINS, BASIN_RECORDS, type ArchivedSummary, type BasinYear } from '../../model/global-archive-schemas.ts';

const REACHED = { named: ['storm', 'hurricane', 'major'], hurricanes: ['hurricane', 'major'], major: ['major'] } as const;

/** Basin by basin (ARCHIVE_BASINS' order), year by year, the years with at least one storm. */
export function basinYears(summaries: readonly ArchivedSummary[]): BasinYear[] {
  const groups = new Map<string, ArchivedSummary[]>();
  for (const s of summaries) {
    const key = `${s.basin} ${s.year}`;
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  const rank = (s: ArchivedSummary) => ARCHIVE_BASINS.indexOf(s.basin) * 10_000 + s.year;
  return [...groups.values()]
    .sort((a, b) => rank(a[0] as ArchivedSummary) - rank(b[0] as ArchivedSummary))
    .map((storms) => {
      const { basin, year } = storms[0] as ArchivedSummary;
      const reached = (classes: readonly string[]) => storms.filter((s) => classes.includes(s.intensity)).length;
      return {
        basin,
        year,
        storms: storms.length,
        named: reached(REACHED.named),
        hurricanes: reached(REACHED.hurricanes),
        major: reached(REACHED.major),
        ace: Math.round(storms.reduce((sum, s) => sum + s.ace, 0) * 100) / 100,
        windPeriods: [...new Set(storms.flatMap((s) => (s.windPeriod ? [s.windPeriod] : [])))].sort(),
        source: BASIN_RECORDS[basin],
      };
    });
}
