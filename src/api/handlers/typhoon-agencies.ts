/**
 * `/api/typhoons/{code}/agencies` (both families): every agency's track of an archived storm, read from its
 * year's comparison file (rendered by the build: src/archive/agency-comparison.ts).
 */
import { answerRequests, notFoundIn } from '../bind.ts';
import { DATA_FILES } from '../data-files.ts';
import { archiveRelease } from '../data-time.ts';
import { ROUTES } from '../route-table.ts';

export const typhoonAgencies = answerRequests(ROUTES['typhoon-agencies'], async (ctx, { family, params: { code } }) => {
  const summaries = await ctx.data(DATA_FILES.archiveSummaries);
  const storm = summaries.find((s) => s.code === code);
  if (!storm) throw notFoundIn(ROUTES['typhoon-agencies'], code, family);
  const year = await ctx.data(DATA_FILES.agencyComparison.of(storm.year));
  return { payload: year[code], ...(await archiveRelease(ctx)) };
});
