/** Credits the sources' terms ask for (../shared/docs/DATA.md §7), carried in history and detail answers. */
import type { Attribution } from '../model/schemas.ts';

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

/** Leads the attribution when the build used the demo archive (demo/archive) instead of the real sources. */
export const DEMO_NOTICE = {
  source: 'demo',
  credit:
    'DEMO ARCHIVE: a few storms abridged by hand for an offline demonstration, not the real archive and not for research. ' +
    'Get the real one with "npm run cli -- sources fetch" and rebuild.',
  url: null,
  cite: [],
};

export const archiveAttribution = (demo: boolean): Attribution => (demo ? [DEMO_NOTICE, ...ARCHIVE_ATTRIBUTION] : ARCHIVE_ATTRIBUTION);
