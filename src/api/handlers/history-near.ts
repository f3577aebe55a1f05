/**
 * `/api/history/near` (both families): archived storms whose tracks came within a radius of a place, paged, with
 * the whole match counted (src/archive/past-storms-near.ts). Answered by a function over the generated files.
 */
import { searchNear, nearStorm, type NearData } from '../../archive/past-storms-near.ts';
import type { NearQuery } from '../../model/track-search-schemas.ts';
import { DATA_FILES } from '../data-files.ts';
import { badParameter } from '../errors.ts';
import type { ApiRequest, ResourceHandler } from '../serve.ts';
import { pageOf } from './content.ts';

/** The query as parsed (each value checked by its kind in params.ts), and the one rule across two values. */
function nearQuery({ query: q }: ApiRequest): NearQuery {
  const near: NearQuery = {
    lat: q.lat as number,
    lng: q.lng as number,
    radius: q.radius as number,
    from: q.from as number | null,
    to: q.to as number | null,
    months: q.months as number[] | null,
    minGrade: q.minGrade as NearQuery['minGrade'],
    landfall: q.landfall as boolean | null,
  };
  if (near.from !== null && near.to !== null && near.from > near.to) throw badParameter(`from (${near.from}) is after to (${near.to}).`);
  return near;
}

export const historyNear: ResourceHandler = async (ctx, request) => {
  const query = nearQuery(request);
  const [summaries, tracks, index] = await Promise.all([
    ctx.data<NearData['summaries']>(DATA_FILES.archiveSummaries),
    ctx.data<NearData['tracks']>(DATA_FILES.archiveTracks),
    ctx.data<NearData['index']>(DATA_FILES.proximityIndex),
  ]);
  const data: NearData = { summaries, tracks, index };
  const { matches, counts } = searchNear(data, query);
  const page = pageOf(matches, request);
  return { payload: { ...page, list: page.list.map((match) => nearStorm(data, match)), query, counts } };
};
