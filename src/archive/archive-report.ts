/**
 * What an archive holds, counted: storms, years, and how many have what the Zhejiang archive adds (Chinese names,
 * landfalls, wind circles, the 1945–1948 tracks). Published beside the data and compared before a production
 * publish, so a deploy built from poorer sources (a failed download, a missing folder) never replaces a richer one.
 */
import type { Typhoon } from '../model/typhoon-schemas.ts';
import { archiveReleaseTime } from './release-time.ts';

export interface ArchiveReport {
  demo: boolean;
  storms: number;
  /** When its data was released (ms since the epoch, ./release-time.ts): the v1 `ts` of archive answers functions give. */
  releasedAt: number;
  firstYear: number | null;
  lastYear: number | null;
  /** Storms with a Chinese name. */
  chineseNames: number;
  /** Storms with at least one recorded landfall. */
  landfalls: number;
  /** Storms with wind circles on at least one point. */
  windCircles: number;
  /** Storms of 1945–1948 (the Zhejiang archive's, before CMA's best track begins). */
  before1949: number;
}

/** The counts compared by `poorerThan`, with what each means in a message. */
const COMPARED: [keyof ArchiveReport, string][] = [
  ['storms', 'storms'],
  ['chineseNames', 'storms with a Chinese name'],
  ['landfalls', 'storms with recorded landfalls'],
  ['windCircles', 'storms with wind circles'],
  ['before1949', 'storms of 1945–1948'],
];

export function archiveReport(typhoons: readonly Typhoon[], demo: boolean): ArchiveReport {
  const years = typhoons.map((t) => t.year);
  return {
    demo,
    storms: typhoons.length,
    releasedAt: archiveReleaseTime(typhoons),
    firstYear: years.length ? Math.min(...years) : null,
    lastYear: years.length ? Math.max(...years) : null,
    chineseNames: typhoons.filter((t) => t.name !== null).length,
    landfalls: typhoons.filter((t) => t.land.length > 0).length,
    windCircles: typhoons.filter((t) => t.points.some((p) => p.radius7 || p.radius10 || p.radius12)).length,
    before1949: typhoons.filter((t) => t.year < 1949).length,
  };
}

/** Every way `next` is poorer than `baseline`; empty when it is at least as rich. */
export function poorerThan(next: ArchiveReport, baseline: ArchiveReport): string[] {
  const problems = COMPARED.filter(([key]) => (next[key] as number) < (baseline[key] as number)).map(
    ([key, what]) => `${what}: ${next[key]}, the published archive has ${baseline[key]}`,
  );
  if (next.demo && !baseline.demo) problems.unshift('this is the demo archive; the published one is real');
  if (next.lastYear !== null && baseline.lastYear !== null && next.lastYear < baseline.lastYear)
    problems.push(`last year ${next.lastYear}, the published archive reaches ${baseline.lastYear}`);
  return problems;
}

/**
 * What the v1 answers say of the archive they come from (`data.dataset`): the demo archive (a few storms kept in
 * the repository, not the real data) or the real one, with its number of storms as counted.
 */
export interface Dataset {
  kind: 'demo' | 'real';
  storms: number;
}

export const datasetOf = ({ demo, storms }: { demo: boolean; storms: number }): Dataset => ({ kind: demo ? 'demo' : 'real', storms });
