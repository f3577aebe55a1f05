/**
 * The archive of every basin (docs/api/endpoints-global-archive.md). One storm, its GeoJSON and each basin's years:
 * static, rendered by the build from the archive in memory. Storms near a place and similar tracks: functions over
 * the files the build generated. (The global history's archive part is in ./global.ts, with the live part.)
 */
import { globalAttribution } from '../../archive/attribution.ts';
import { archivedStormGeoJson } from '../../archive/global/archived-geojson.ts';
import type { GlobalHistory } from '../../archive/global/global-history.ts';
import { searchNearGlobal, similarGlobal } from '../../archive/global/global-track-search.ts';
import { RESAMPLED_POINTS, SIMILARITY_METHOD } from '../../archive/similar-tracks.ts';
import { ARCHIVE_BASINS, type ArchivedStorm, type ArchivedSummary } from '../../model/global-archive-schemas.ts';
import type { SiteData } from '../context.ts';
import { answerRequests, answerStatically, notFoundIn } from '../bind.ts';
import { DATA_FILES } from '../data-files.ts';
import { pageOf } from '../paging.ts';
import { ROUTES } from '../route-table.ts';

/** The records by id, made once per archive (the build renders every one of them). */
const byId = new WeakMap<GlobalHistory, ReadonlyMap<string, ArchivedStorm>>();
function recordOf(history: GlobalHistory, id: string): ArchivedStorm | undefined {
  let records = byId.get(history);
  if (!records) byId.set(history, (records = new Map(history.archive.storms.map((s) => [s.id, s]))));
  return records.get(id);
}

const isDemo = (site: SiteData) => site.global.report.dataset.kind === 'demo';

const everyRecord = (site: SiteData) => site.global.history.archive.storms.map((s) => ({ id: s.id }));

export const globalStorm = answerStatically(ROUTES['global-storm'], {
  instances: everyRecord,
  render: async ({ site }, { family, params }) => {
    const storm = recordOf(site.global.history, params.id);
    if (!storm) throw notFoundIn(ROUTES['global-storm'], params.id, family);
    const { report } = site.global;
    return {
      payload: { ...storm, attribution: globalAttribution(isDemo(site), new Set([storm.source]), storm.agencies) },
      dataTime: report.releasedAt,
      dataset: report.dataset,
    };
  },
});

export const globalStormGeoJson = answerStatically(ROUTES['global-storm-geojson'], {
  instances: everyRecord,
  render: async ({ site }, { family, params }) => {
    const storm = recordOf(site.global.history, params.id);
    if (!storm) throw notFoundIn(ROUTES['global-storm-geojson'], params.id, family);
    return { payload: archivedStormGeoJson(storm), dataTime: site.global.report.releasedAt, dataset: site.global.report.dataset };
  },
});

export const globalHistoryYears = answerStatically(ROUTES['global-history-years'], {
  instances: () => [{}],
  render: async ({ site }) => {
    const { history, report } = site.global;
    const summaries = history.archive.summaries;
    const agencies = [...new Set(summaries.flatMap((s) => s.agencies))];
    return {
      payload: {
        years: history.years,
        coverage: report.coverage,
        attribution: globalAttribution(isDemo(site), new Set(summaries.map((s) => s.source)), agencies),
      },
      dataTime: report.releasedAt,
      dataset: report.dataset,
    };
  },
});

/** The whole match counted: storms by the basin where they formed, and by decade of their year. */
function nearCounts(storms: readonly ArchivedSummary[]) {
  const count = <K>(keys: readonly K[]) => {
    const counts = new Map<K, number>();
    for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
    return counts;
  };
  const basins = count(storms.map((s) => s.basin));
  const decades = count(storms.map((s) => Math.floor(s.year / 10) * 10));
  return {
    byBasin: ARCHIVE_BASINS.filter((basin) => basins.has(basin)).map((basin) => ({ basin, count: basins.get(basin) as number })),
    byDecade: [...decades].sort(([a], [b]) => a - b).map(([decade, n]) => ({ decade, count: n })),
  };
}

export const globalNear = answerRequests(ROUTES['global-near'], async (ctx, { query }) => {
  const [summaries, tracks, proximity, report] = await Promise.all([
    ctx.data(DATA_FILES.globalSummaries),
    ctx.data(DATA_FILES.globalTracks),
    ctx.data(DATA_FILES.globalProximity),
    ctx.data(DATA_FILES.globalReport),
  ]);
  const { lat, lng, radius, basin, from, to } = query;
  const matches = searchNearGlobal({ summaries, tracks, proximity }, { lat, lng, radius, basin, from, to });
  const page = pageOf(matches, query);
  return {
    payload: {
      ...page,
      list: page.list.map((m) => ({ ...m.summary, closestKm: m.closestKm, closestPoint: m.closestPoint })),
      query: { lat, lng, radius, basin, from, to },
      counts: nearCounts(matches.map((m) => m.summary)),
      otherBasins: report.coverage.otherBasins,
    },
    dataTime: report.releasedAt,
    dataset: report.dataset,
  };
});

export const globalSimilar = answerRequests(
  ROUTES['global-similar'],
  async (ctx, { family, params: { id }, query: { basin, similarSize: size } }) => {
    const [summaries, similar, report] = await Promise.all([
      ctx.data(DATA_FILES.globalSummaries),
      ctx.data(DATA_FILES.globalSimilar),
      ctx.data(DATA_FILES.globalReport),
    ]);
    const storm = summaries.find((s) => s.id === id);
    const list = similarGlobal({ summaries, similar }, id, { basin, size });
    if (!storm || !list) throw notFoundIn(ROUTES['global-similar'], id, family);
    return {
      payload: {
        storm,
        basin,
        points: RESAMPLED_POINTS,
        method: SIMILARITY_METHOD,
        size,
        list: list.map(({ summary, score }) => ({ ...summary, score })),
        otherBasins: report.coverage.otherBasins,
      },
      dataTime: report.releasedAt,
      dataset: report.dataset,
    };
  },
);
