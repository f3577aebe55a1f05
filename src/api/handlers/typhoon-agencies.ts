/**
 * `/api/typhoons/{code}/agencies` (both families): every agency's track of an archived storm, read from its
 * year's comparison file (rendered by the build: src/archive/agency-comparison.ts).
 */
import type { StormAgencies } from '../../model/agency-comparison-schemas.ts';
import type { TyphoonSummary } from '../../model/schemas.ts';
import { agencyComparisonFile, DATA_FILES } from '../data-files.ts';
import { notFound } from '../errors.ts';
import type { ResourceHandler } from '../serve.ts';

export const typhoonAgencies: ResourceHandler = async (ctx, { params }) => {
  const code = params.code as string;
  const summaries = await ctx.data<TyphoonSummary[]>(DATA_FILES.archiveSummaries);
  const storm = summaries.find((s) => s.code === code);
  if (!storm) throw notFound(`No archived storm with code ${code}: the agencies' tracks are those of archived storms (an active storm has its live forecasts by agency in /api/v1/typhoons/{code}).`);
  const year = await ctx.data<Record<string, StormAgencies>>(agencyComparisonFile(storm.year));
  return { payload: year[code] };
};
