import type { Config } from '@netlify/functions';
import { runScheduledRefresh } from '../src/live/scheduled-run.ts';
import { liveStore } from '../src/live/store.ts';

// Scheduled: runs on the published deploy every 15 minutes (Netlify stops it at 30 s; the run keeps to 25 s);
// never reachable by URL.
export default async () => {
  console.log(JSON.stringify(await runScheduledRefresh({ store: liveStore() })));
};

export const config: Config = {
  schedule: '*/15 * * * *',
};
