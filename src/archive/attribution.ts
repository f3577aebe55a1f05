/** Credits the sources' terms ask for (docs/data/data-sources.md#the-sources), carried in history answers and the dump. */
import type { StormAgencies } from '../model/agency-comparison-schemas.ts';
import { AGENCY_SOURCES, type AgencySource } from '../model/agency-track-schemas.ts';
import type { Attribution } from '../model/typhoon-schemas.ts';

export const CMA_ATTRIBUTION = {
  source: 'cma',
  credit: 'Best-track data: China Meteorological Administration, tcdata.typhoon.org.cn',
  url: 'https://tcdata.typhoon.org.cn/zjljsjj.html',
  cite: [
    'Ying, M., W. Zhang, H. Yu, X. Lu, J. Feng, Y. Fan, Y. Zhu, and D. Chen, 2014: An overview of the China Meteorological Administration tropical cyclone database. J. Atmos. Oceanic Technol., 31, 287-301. doi:10.1175/JTECH-D-12-00119.1',
    'Lu, X. Q., H. Yu, M. Ying, B. K. Zhao, S. Zhang, L. M. Lin, L. N. Bai, and R. J. Wan, 2021: Western North Pacific tropical cyclone database created by the China Meteorological Administration. Adv. Atmos. Sci., 38(4), 690-699. doi:10.1007/s00376-020-0211-7',
  ],
};

export const ZJ_ATTRIBUTION = {
  source: 'zj',
  credit: 'Track, landfall and wind-circle data: Zhejiang Provincial Water Resources typhoon service / 温州台风网',
  url: 'https://typhoon.slt.zj.gov.cn/',
  cite: [],
};

export const NAMES_ATTRIBUTION = {
  source: 'names-table',
  credit: 'Names: ESCAP/WMO Typhoon Committee list with the Chinese names used by the China Meteorological Administration',
  url: null,
  cite: [],
};

/** The attribution block of every archive answer. */
export const ARCHIVE_ATTRIBUTION: Attribution = [CMA_ATTRIBUTION, ZJ_ATTRIBUTION, NAMES_ATTRIBUTION];

/** The other agencies' credits (docs/data/data-sources.md), given only where their data is published. */
export const AGENCY_ATTRIBUTION: Record<AgencySource, Attribution[number]> = {
  jma: {
    source: 'jma',
    credit: "Best-track data: RSMC Tokyo – Typhoon Center (Japan Meteorological Agency); JMA's website terms allow reuse with attribution",
    url: 'https://www.jma.go.jp/jma/jma-eng/jma-center/rsmc-hp-pub-eg/besttrack.html',
    cite: [],
  },
  jtwc: {
    source: 'jtwc',
    credit: 'Best-track data: Joint Typhoon Warning Center (a US Government work, public domain; courtesy credit)',
    url: 'https://www.metoc.navy.mil/jtwc/jtwc.html?best-tracks',
    cite: [],
  },
  hko: {
    source: 'hko',
    credit: 'Best-track data: Hong Kong Observatory, via DATA.GOV.HK',
    url: 'https://data.gov.hk/en-data/dataset/hk-hko-rss-tropical-cyclone-best-track-data',
    cite: [],
  },
  ibtracs: {
    source: 'ibtracs',
    credit: 'IBTrACS (International Best Track Archive for Climate Stewardship) v04, NOAA National Centers for Environmental Information',
    url: 'https://www.ncei.noaa.gov/products/international-best-track-archive',
    cite: [
      'Knapp, K. R., M. C. Kruk, D. H. Levinson, H. J. Diamond, and C. J. Neumann, 2010: The International Best Track Archive for Climate Stewardship (IBTrACS): Unifying tropical cyclone best track data. Bull. Amer. Meteor. Soc., 91, 363-376. doi:10.1175/2009BAMS2755.1',
      'Gahtan, J., K. R. Knapp, C. J. Schreck, H. J. Diamond, J. P. Kossin, and M. C. Kruk, 2024: International Best Track Archive for Climate Stewardship (IBTrACS) Project, Version 4r01. NOAA National Centers for Environmental Information. doi:10.25921/82ty-9e16',
    ],
  },
};

/**
 * The agencies whose data the archive publishes: the agency of every track put beside a storm (IBTrACS too when
 * the track comes from its columns) and IBTrACS when it gives an id. An agency whose files were not read, or were
 * read but match no storm, publishes nothing and is not credited; a JMA number CMA or HKO writes in its own file
 * is their data, not JMA's.
 */
export function publishedAgencies(comparisons: Iterable<Pick<StormAgencies, 'ids' | 'agencies'>>): AgencySource[] {
  const published = new Set<string>();
  for (const storm of comparisons) {
    if (storm.ids.ibtracs) published.add('ibtracs');
    for (const track of storm.agencies) {
      if (track.link === null) continue; // the archive's own track (CMA's, or JTWC's relayed by the Zhejiang archive)
      published.add(track.agency);
      if (track.source === 'ibtracs') published.add('ibtracs');
    }
  }
  return AGENCY_SOURCES.filter((agency) => published.has(agency));
}

/** Leads the attribution when the build used the demo archive (demo/archive) instead of the real sources. */
export const DEMO_NOTICE = {
  source: 'demo',
  credit:
    'DEMO ARCHIVE: a few storms abridged by hand for an offline demonstration, not the real archive and not for research. ' +
    'Get the real one with "npm run cli -- sources fetch" and rebuild.',
  url: null,
  cite: [],
};

/** The attribution of archive answers: the demo notice first when it is the demo, then the archive's sources and the agencies it publishes. */
export const archiveAttribution = (demo: boolean, comparisons: Iterable<Pick<StormAgencies, 'ids' | 'agencies'>>): Attribution => [
  ...(demo ? [DEMO_NOTICE] : []),
  ...ARCHIVE_ATTRIBUTION,
  ...publishedAgencies(comparisons).map((agency) => AGENCY_ATTRIBUTION[agency]),
];

/** NHC's HURDAT2, the record of the North Atlantic and the eastern North and Central Pacific (docs/data/data-sources.md#the-other-basins). */
export const HURDAT2_ATTRIBUTION = {
  source: 'hurdat2',
  credit: 'Best-track data: NOAA National Hurricane Center and Central Pacific Hurricane Center (HURDAT2), public domain',
  url: 'https://www.nhc.noaa.gov/data/#hurdat',
  cite: [
    'Landsea, C. W., and J. L. Franklin, 2013: Atlantic hurricane database uncertainty and presentation of a new database format. Mon. Wea. Rev., 141, 3576-3592. doi:10.1175/MWR-D-12-00254.1',
  ],
};

/** Leads the attribution of the archive of every basin when it is the demo's (demo/archive and demo/global-sources). */
export const GLOBAL_DEMO_NOTICE = {
  ...DEMO_NOTICE,
  credit:
    "DEMO ARCHIVE: a few storms (the north-western Pacific's abridged by hand, the other basins' whole) for an offline demonstration, " +
    'not the real archive and not for research. Get the real one with "npm run cli -- sources fetch" and rebuild.',
};

/**
 * The attribution of an answer of the archive of every basin: the demo notice first when it is the demo, then the
 * credits of the records it gives (`sources`: hurdat2, ibtracs, cma), each once. A cma record is the archive's, with
 * the agencies whose tracks are beside it.
 */
export function globalAttribution(demo: boolean, sources: ReadonlySet<string>, agencies: readonly string[] = []): Attribution {
  const cma = sources.has('cma');
  const ibtracs = sources.has('ibtracs') || (cma && agencies.includes('ibtracs'));
  return [
    ...(demo ? [GLOBAL_DEMO_NOTICE] : []),
    ...(sources.has('hurdat2') ? [HURDAT2_ATTRIBUTION] : []),
    ...(cma ? ARCHIVE_ATTRIBUTION : []),
    ...AGENCY_SOURCES.filter((a) => a !== 'ibtracs' && cma && agencies.includes(a)).map((a) => AGENCY_ATTRIBUTION[a]),
    ...(ibtracs ? [AGENCY_ATTRIBUTION.ibtracs] : []),
  ];
}
