import type { Config } from '@netlify/functions';
import { globalUpstreamsFromEnv, refreshGlobal } from '../src/global/refresh-global.ts';
import { refreshLive, upstreamsFromEnv } from '../src/live/refresh.ts';
import { liveStore } from '../src/live/store.ts';

// Scheduled: runs on the published deploy every 15 minutes (30 s limit); never reachable by URL.
// The north-western Pacific snapshot and the global archive are refreshed side by side.
export default async () => {
  const store = liveStore();
  const [typhoons, global] = await Promise.all([refreshLive(upstreamsFromEnv(), store), refreshGlobal(globalUpstreamsFromEnv(), store)]);
  console.log(JSON.stringify({ typhoons, global }));
};

export const config: Config = {
  schedule: '*/15 * * * *',
};
