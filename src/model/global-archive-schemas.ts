/**
 * The archive of every basin: one record per storm from the official record of its basin, in the API's units (wind
 * in kt as the record writes it and in m/s, with its averaging period; hPa; wind radii in km) and in UTC. Built
 * by src/archive/global/ from NHC's HURDAT2 (North Atlantic from 1851, eastern North and Central Pacific from
 * 1949) and NCEI's IBTrACS (North Indian, South Indian, South Pacific, South Atlantic); the north-western
 * Pacific's record stays the CMA archive (the typhoon records), which the search index and the track searches
 * list beside them. docs/data/data-sources.md#the-other-basins says which record is whose and why.
 */
import { z } from 'zod';
import { IBTRACS_BASINS, type IbtracsBasin } from './agency-track-schemas.ts';
import { utcTime, type Basin } from './global-schemas.ts';
import { stormIdsSchema, windCircleSchema } from './typhoon-schemas.ts';

/** Basins, as IBTrACS names them: the Central Pacific is part of EP (NHC's HURDAT2 file holds both). */
export const ARCHIVE_BASINS = IBTRACS_BASINS;
export type ArchiveBasin = IbtracsBasin;

export const BASIN_NAMES: Record<ArchiveBasin, { en: string; zh: string }> = {
  NA: { en: 'North Atlantic', zh: '北大西洋' },
  EP: { en: 'Eastern North Pacific and Central Pacific', zh: '东北太平洋和中太平洋' },
  WP: { en: 'Western North Pacific', zh: '西北太平洋' },
  NI: { en: 'North Indian Ocean', zh: '北印度洋' },
  SI: { en: 'South Indian Ocean', zh: '南印度洋' },
  SP: { en: 'South Pacific', zh: '南太平洋' },
  SA: { en: 'South Atlantic', zh: '南大西洋' },
};

/** The record of each basin, for the storms that formed there: whose best track is the archive's. */
export const BASIN_RECORDS: Record<ArchiveBasin, 'hurdat2' | 'ibtracs' | 'cma'> = {
  NA: 'hurdat2',
  EP: 'hurdat2',
  WP: 'cma',
  NI: 'ibtracs',
  SI: 'ibtracs',
  SP: 'ibtracs',
  SA: 'ibtracs',
};

/**
 * The basins of the archive a live cyclone's ATCF basin stands for: JTWC's Southern Hemisphere (SH) is any of the
 * three southern basins, which the ATCF id does not tell apart; the Central Pacific is part of EP.
 */
export const ARCHIVE_BASINS_OF_ATCF: Readonly<Record<Basin, readonly ArchiveBasin[]>> = {
  AL: ['NA'],
  EP: ['EP'],
  CP: ['EP'],
  WP: ['WP'],
  IO: ['NI'],
  SH: ['SI', 'SP', 'SA'],
};

export const archiveBasinSchema = z
  .enum(ARCHIVE_BASINS)
  .describe(
    `Basin (IBTrACS's): ${Object.entries(BASIN_NAMES)
      .map(([code, name]) => `${code} ${name.en}`)
      .join('; ')}`,
  )
  .meta({ id: 'ArchiveBasin' });

export const archivedStormIdSchema = z
  .string()
  .regex(/^(nhc-(al|ep|cp)\d{6}|ibtracs-\d{7}[NS]\d{5}|cma-(\d{6}|\d{8}|\d{4}C\d{2})(-\d)?)$/)
  .describe(
    "<record>-<the record's own id>: nhc-al122005 (HURDAT2's ATCF id, lower case), ibtracs-2019246N12125 (IBTrACS's SID), cma-201330 (the north-western Pacific's code)",
  )
  .meta({ id: 'ArchivedStormId' });

export const STAGES = ['tropical', 'subtropical', 'extratropical', 'disturbance', 'low', 'wave', 'mixed'] as const;
export type Stage = (typeof STAGES)[number];

export const ARCHIVE_WIND_PERIODS = ['1min', '2min', '3min', '10min'] as const;
export type ArchiveWindPeriod = (typeof ARCHIVE_WIND_PERIODS)[number];

const windPeriodSchema = z
  .enum(ARCHIVE_WIND_PERIODS)
  .nullable()
  .describe(
    "Averaging period of the record's maximum sustained winds: 1min HURDAT2 and the US agency (South Atlantic), 3min New Delhi, 10min La Réunion, Australia, Nadi, Wellington, 2min CMA; null when a track's winds change period (a storm handed from one WMO agency to another) or none is known. Winds of different periods are never converted into each other",
  );

const radiusKm = (kt: number) =>
  windCircleSchema
    .nullable()
    .describe(
      `Radius of ${kt}-kt winds per quadrant, km (converted from nautical miles, 1 nm = 1.852 km, whole km); null when not given (the CMA archive's circles are of Beaufort force 7, 10 and 12, other speeds: its own record, /api/v1/typhoons/{code}, gives them)`,
    );

export const archivedPointSchema = z
  .object({
    time: utcTime,
    lat: z.number().min(-90).max(90).describe('Latitude of the centre, degrees north'),
    lng: z.number().min(-180).max(180).describe('Longitude of the centre, degrees east, −180…180'),
    status: z
      .string()
      .nullable()
      .describe(
        "The record's own stage code: HURDAT2's status (TD, TS, HU, EX, SD, SS, LO, WV, DB), IBTrACS's NATURE (DS, TS, ET, SS, NR, MX), CMA's grade (TD, TS, STS, TY, STY, SuperTY, ET); null when not given",
      ),
    stage: z
      .enum(STAGES)
      .nullable()
      .describe(
        'The stage in common words: tropical (TD, TS, HU; IBTrACS TS; CMA grades but ET), subtropical (SD, SS), extratropical (EX, ET), disturbance (DB, DS), low (LO), wave (WV), mixed (MX: the agencies contradict each other); null when not given or not reported (NR)',
      ),
    record: z
      .string()
      .nullable()
      .describe('HURDAT2 record identifier: L landfall, C, G, I, P, R, S, T, W (see the HURDAT2 format); null otherwise'),
    windKt: z
      .number()
      .nullable()
      .describe(
        "Maximum sustained wind in kt as the record writes it, averaged over the storm's windPeriod; CMA's, which CMA writes in m/s, converted (1 m/s = 3600/1852 kt exactly, one decimal)",
      ),
    speed: z
      .number()
      .nullable()
      .describe("The same wind in m/s (1 kt = 1852/3600 m/s exactly, one decimal; CMA's as CMA writes it), over the storm's windPeriod"),
    pressure: z.number().nullable().describe('Central pressure, hPa'),
    radius34: radiusKm(34),
    radius50: radiusKm(50),
    radius64: radiusKm(64),
    rmw: z.number().nullable().describe('Radius of maximum wind, km (HURDAT2 from 2021; whole km); null when not given'),
  })
  .meta({ id: 'ArchivedTrackPoint' });

export const archivedLandfallSchema = archivedPointSchema
  .pick({ time: true, lat: true, lng: true, status: true, stage: true, windKt: true, speed: true, pressure: true })
  .extend({
    place: z
      .string()
      .nullable()
      .describe(
        "Where, in English, as the record names it (the north-western Pacific's landfalls); null where the record names no place (HURDAT2)",
      ),
  })
  .describe(
    "A landfall as the record marks it (HURDAT2's L: the centre crossing a coastline; the CMA archive's landfalls, with the values of the nearest track point), with the values of that entry",
  )
  .meta({ id: 'ArchivedLandfall' });

export const INTENSITY_CLASSES = ['below-storm', 'storm', 'hurricane', 'major'] as const;

export const archiveLinksSchema = z
  .object({
    global: z
      .string()
      .nullable()
      .describe(
        'The same storm in the global cyclones (/api/v1/global/typhoons/{id}): nhc-<ATCF id> for NHC storms, jtwc-<ATCF id> for JTWC storms; null when no such id is known',
      ),
    atcf: z
      .string()
      .regex(/^[a-z]{2}\d{6}$/)
      .nullable()
      .describe("ATCF id, lower case (al122005): HURDAT2's own; IBTrACS's USA_ATCF_ID when the record has exactly one"),
    ibtracs: z
      .string()
      .regex(/^\d{7}[NS]\d{5}$/)
      .nullable()
      .describe('IBTrACS SID of the same storm (for HURDAT2 storms, by its USA_ATCF_ID in the IBTrACS files read)'),
    cma: z.string().nullable().describe('The north-western Pacific code of the same storm, for a storm the CMA archive has too'),
  })
  .describe('The same storm under other ids; null where none is known')
  .meta({ id: 'ArchiveLinks' });

const recordSourceSchema = z
  .enum(['hurdat2', 'ibtracs', 'cma'])
  .describe(
    "The record: hurdat2 (NHC's HURDAT2), ibtracs (NCEI's IBTrACS v04, the WMO agency's track), cma (the north-western Pacific archive: CMA's best track with the Zhejiang archive)",
  );

export const archivedStormSchema = z
  .object({
    id: archivedStormIdSchema,
    source: recordSourceSchema,
    sourceId: z.string().describe("The record's own id: HURDAT2's ATCF id (AL122005), IBTrACS's SID, the north-western Pacific code"),
    code: z
      .string()
      .nullable()
      .describe('The north-western Pacific code (/api/v1/typhoons/{code}, /agencies) for a cma record; null for the others'),
    name: z.string().nullable().describe('Name as the record writes it, upper case; null when unnamed'),
    nameZh: z.string().nullable().describe('Chinese name where the record has one (the north-western Pacific)'),
    year: z
      .number()
      .int()
      .describe(
        "Year: HURDAT2's (the ATCF id's); IBTrACS's SEASON (southern hemisphere: the July–June season, named after its end); the north-western Pacific code's",
      ),
    basin: archiveBasinSchema.describe('The basin where it formed (its first entry)'),
    basins: z.array(archiveBasinSchema).min(1).describe('Every basin its track entered, in order'),
    provisional: z
      .boolean()
      .describe(
        "A track not reanalysed yet: IBTrACS' provisional tracks (TRACK_TYPE PROVISIONAL: real-time data, replaced when the agencies' reanalysis of the season comes, usually within two years); in the north-western Pacific a storm after CMA's last best-track year (CMA's real-time analysis); false for HURDAT2, NHC's post-season record",
      ),
    windPeriod: windPeriodSchema,
    windAgency: z
      .string()
      .nullable()
      .describe(
        "Whose winds the record gives: nhc (HURDAT2), the WMO agency's in IBTrACS (newdelhi, reunion, bom, nadi, wellington), usa (IBTrACS's US agency, where the basin has no WMO agency), cma (the north-western Pacific from 1949), jtwc (its 1945–1948 storms); null when none",
      ),
    startTime: utcTime,
    endTime: utcTime,
    maxWindKt: z.number().nullable().describe('Highest wind of the track, kt, over windPeriod'),
    maxSpeed: z.number().nullable().describe('The same in m/s'),
    maxWindTime: utcTime.nullable().describe('First time of the highest wind'),
    minPressure: z.number().nullable().describe('Lowest central pressure, hPa'),
    minPressureTime: utcTime.nullable().describe('First time of the lowest pressure'),
    intensity: z
      .enum(INTENSITY_CLASSES)
      .describe(
        "Strongest class reached as a tropical or subtropical cyclone, on the record's own winds: storm ≥ 34 kt, hurricane (typhoon, severe cyclone) ≥ 64 kt, major ≥ 96 kt (Saffir–Simpson category 3); the thresholds apply to the record's windPeriod",
      ),
    ace: z
      .number()
      .describe(
        "Accumulated cyclone energy, 10⁴ kt² (src/model/ace.ts): 00/06/12/18 UTC entries ≥ 34 kt in a tropical or subtropical stage, on the record's own winds",
      ),
    landRecorded: z
      .boolean()
      .describe(
        "Whether the record marks landfalls: HURDAT2 true (marked for the continental United States in 1851–1970 and from 1991, elsewhere 1951–1970 and from 1991: an empty land[] in other years is not 'no landfall'); IBTrACS false; the north-western Pacific as its own record says (/api/v1/typhoons/{code})",
      ),
    land: z.array(archivedLandfallSchema).describe('Landfalls in time order'),
    links: archiveLinksSchema,
    agencies: z
      .array(z.string())
      .describe(
        'Agencies whose tracks of this storm are side by side (/api/v1/typhoons/{code}/agencies): cma, jma, jtwc, hko; empty for the other records',
      ),
    ids: stormIdsSchema.nullable().describe("A cma record's ids in each agency's records; null for the others"),
    points: z.array(archivedPointSchema).min(1).describe('The track: every entry of the record in time order'),
  })
  .meta({ id: 'ArchivedStorm' });

/** A storm of any basin in brief: the search index's and the track searches' entries, the year lists'. */
export const archivedSummarySchema = archivedStormSchema
  .pick({
    id: true,
    source: true,
    code: true,
    name: true,
    nameZh: true,
    year: true,
    basin: true,
    basins: true,
    provisional: true,
    windPeriod: true,
    startTime: true,
    endTime: true,
    maxWindKt: true,
    maxSpeed: true,
    minPressure: true,
    intensity: true,
    ace: true,
    landRecorded: true,
    links: true,
    agencies: true,
    ids: true,
  })
  .extend({ landfalls: z.number().int().describe('Landfalls the record marks (see landRecorded)') })
  .meta({ id: 'ArchivedSummary' });

export type ArchivedPoint = z.infer<typeof archivedPointSchema>;
export type ArchivedLandfall = z.infer<typeof archivedLandfallSchema>;
export type ArchiveLinks = z.infer<typeof archiveLinksSchema>;
export type ArchivedStorm = z.infer<typeof archivedStormSchema>;
export type ArchivedSummary = z.infer<typeof archivedSummarySchema>;
export type IntensityClass = (typeof INTENSITY_CLASSES)[number];

/** One basin's year: how many storms its record holds and how strong they became, and their ACE. */
export const basinYearSchema = z
  .object({
    basin: archiveBasinSchema,
    year: z.number().int().describe('Year as each record counts it (archivedStorm.year): a southern-hemisphere season by its end'),
    storms: z
      .number()
      .int()
      .describe('Every storm the record holds for the year, depressions included (counted in the basin where it formed)'),
    named: z.number().int().describe('Storms that reached 34 kt as a tropical or subtropical system'),
    hurricanes: z
      .number()
      .int()
      .describe('Storms that reached 64 kt as one (hurricanes, typhoons, severe tropical cyclones, very severe cyclonic storms)'),
    major: z.number().int().describe('Storms that reached 96 kt as one (Saffir–Simpson category 3 and above)'),
    ace: z.number().describe("Sum of the storms' ACE, 10⁴ kt², to two decimals"),
    windPeriods: z
      .array(z.enum(ARCHIVE_WIND_PERIODS))
      .describe(
        "Averaging periods of the winds counted (the thresholds apply to each record's own winds: 64 kt over 10 minutes is a stronger storm than 64 kt over 1)",
      ),
    source: z.enum(['hurdat2', 'ibtracs', 'cma']).describe("The basin's record"),
  })
  .meta({ id: 'BasinYear' });

export type BasinYear = z.infer<typeof basinYearSchema>;
