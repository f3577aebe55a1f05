/**
 * `/api/typhoons/{code}/agencies` (both families): every agency's track of an archived storm, read from its
 * year's comparison file (rendered by the build: src/archive/agency-comparison.ts).
 */
import type { StormAgencies } from '../../model/agency-comparison-schemas.ts';
import type { TyphoonSummary } from '../../model/typhoon-schemas.ts';
import { answerRequests, notFoundIn } from '../bind.ts';
import { agencyComparisonFile, DATA_FILES } from '../data-files.ts';
import { archiveRelease } from '../data-time.ts';
import { ROUTES } from '../route-table.ts';

export const typhoonAgencies = answerRequests(ROUTES['typhoon-agencies'], async (ctx, { family, params: { code } }) => {
  const summaries = await ctx.data<TyphoonSummary[]>(DATA_FILES.archiveSummaries);
  const storm = summaries.find((s) => s.code === code);
  if (!storm) throw notFoundIn(ROUTES['typhoon-agencies'], code, family);
  const year = await ctx.data<Record<string, StormAgencies>>(agencyComparisonFile(storm.year));
  return { payload: year[code], dataTime: (await archiveRelease(ctx)).dataTime };
});
