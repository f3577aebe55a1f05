/**
 * The dump's crosswalk (crosswalk.csv, crosswalk.jsonl): one row per archived storm, linked or not, with its id in
 * each other agency's records (the storm's `ids`) and, per agency, how it was linked and how well the agency's track
 * agrees (src/archive/crosswalk.ts): the same links, figures included, as `/api/v1/typhoons/{code}/agencies`
 * answers (both read the crosswalk's links through `linkFigures`). One row per storm rather than per link, so that
 * an empty id says "no link" and a table joins on `code` alone.
 */
import { linkFigures } from '../archive/agency-comparison.ts';
import type { CrosswalkLink } from '../archive/crosswalk.ts';
import { MATCH_DISTANCE_KM } from '../archive/track-agreement.ts';
import { AGENCY_SOURCES, type AgencySource } from '../model/agency-track-schemas.ts';
import type { Typhoon } from '../model/typhoon-schemas.ts';
import type { Column } from './table.ts';

export interface CrosswalkRow {
  storm: Typhoon;
  links: Partial<Record<AgencySource, CrosswalkLink>>;
}

/** Each storm with its links, by agency, in archive order. */
export function crosswalkRows(storms: readonly Typhoon[], links: readonly CrosswalkLink[]): CrosswalkRow[] {
  const byCode = new Map<string, CrosswalkRow['links']>();
  for (const link of links) byCode.set(link.code, { ...byCode.get(link.code), [link.agency]: link });
  return storms.map((storm) => ({ storm, links: byCode.get(storm.code) ?? {} }));
}

const ID_DESCRIPTION: Record<AgencySource, string> = {
  jma: 'RSMC Tokyo (JMA) international number, YYNN',
  jtwc: 'JTWC ATCF id in lower case (wp312013)',
  hko: 'Hong Kong Observatory: year of its file and its code there (2013-0031)',
  ibtracs: 'IBTrACS SID (2013306N07162)',
};

/** The track each agency's figures measure against the storm's own. */
const MEASURED_TRACK: Record<AgencySource, string> = {
  jma: "JMA's track in points.csv (its bst_all file's, else IBTrACS's TOKYO columns)",
  jtwc: "JTWC's track in points.csv (its b-deck's, else IBTrACS's USA columns)",
  hko: "HKO's track in points.csv (its best-track file's, else IBTrACS's HKO columns)",
  ibtracs: "the IBTrACS record's own positions (LAT, LON)",
};

const linkColumns = (agency: AgencySource): Column<CrosswalkRow>[] => [
  {
    name: `${agency}_method`,
    type: 'string',
    description:
      agency === 'ibtracs'
        ? 'how the IBTrACS record was found: track-match (centres agree at shared instants); empty when none is linked'
        : `how the ${agency} id was found: track-match (centres agree at shared instants), ibtracs (the linked IBTrACS record names it, or, with the ${agency} id empty, ` +
          'gives the track in its columns), cma-header / hko-header (the JMA number CMA or HKO writes); empty when not linked',
    value: ({ links }) => links[agency]?.method ?? null,
  },
  {
    name: `${agency}_agreeing_fixes`,
    type: 'integer',
    description: `of ${agency}_shared_fixes, the instants at which ${MEASURED_TRACK[agency]} lies within the match distance (${MATCH_DISTANCE_KM} km) of the storm's own track; empty where no track was read (an id from a header alone)`,
    value: ({ links }) => links[agency]?.agreement?.agreeing ?? null,
  },
  {
    name: `${agency}_shared_fixes`,
    type: 'integer',
    description: `instants (UTC) at which both that track and the storm's own have a fix`,
    value: ({ links }) => links[agency]?.agreement?.shared ?? null,
  },
  {
    name: `${agency}_median_distance_km`,
    type: 'number',
    unit: 'km',
    description: 'median distance between the two centres at the agreeing instants, km to 0.1; empty when none agree',
    value: ({ links }) => links[agency]?.agreement?.medianKm ?? null,
  },
];

/** crosswalk.csv, in order: the storm, its ids, then method and agreement per agency. */
export const CROSSWALK_CSV_COLUMNS: Column<CrosswalkRow>[] = [
  { name: 'code', type: 'string', description: "the storm's code in this API (= ids.cma)", value: ({ storm }) => storm.code },
  { name: 'year', type: 'integer', description: "the storm's year", value: ({ storm }) => storm.year },
  { name: 'name', type: 'string', description: 'Chinese name', value: ({ storm }) => storm.name },
  { name: 'enname', type: 'string', description: 'English name', value: ({ storm }) => storm.enname },
  ...AGENCY_SOURCES.map((agency) => ({
    name: agency,
    // Text: JMA's 0121 is not the number 121.
    type: 'string' as const,
    description: `${ID_DESCRIPTION[agency]}; empty when none is linked or the id is not known`,
    value: ({ storm }: CrosswalkRow) => storm.ids[agency],
  })),
  ...AGENCY_SOURCES.flatMap(linkColumns),
];

/** One crosswalk.jsonl line: `{code, ids, links: [{agency, id, method, agreeingFixes, sharedFixes, medianDistanceKm}]}` (id null where not known). */
export function crosswalkJsonLine({ storm, links }: CrosswalkRow): string {
  return JSON.stringify({
    code: storm.code,
    ids: storm.ids,
    links: AGENCY_SOURCES.flatMap((agency) => {
      const link = links[agency];
      return link ? [{ agency, id: link.id, ...linkFigures(link) }] : [];
    }),
  });
}
