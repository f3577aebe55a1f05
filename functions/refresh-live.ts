import type { FunctionConfig } from '../src/api/function-config.ts';
import { runScheduledRefresh } from '../src/jobs/scheduled-run.ts';
import { liveStore } from '../src/store/store.ts';

// Scheduled: runs on the published deploy every 15 minutes (Netlify stops it at 30 s; the run keeps to 25 s);
// never reachable by URL.
export default async () => {
  console.log(JSON.stringify(await runScheduledRefresh({ store: liveStore() })));
};

// Upstream storm names are checked against the names table (src/sources/names-table.ts liveNamesTable).
export const config: FunctionConfig = {
  schedule: '*/15 * * * *',
  includedFiles: ['../content/names/typhoon-committee.yaml'],
};
