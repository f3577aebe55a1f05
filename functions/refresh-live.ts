import type { Config } from '@netlify/functions';
import { recordEvents } from '../src/flash/record-events.ts';
import { globalUpstreamsFromEnv, refreshGlobal } from '../src/global/refresh-global.ts';
import { refreshLive, upstreamsFromEnv } from '../src/live/refresh.ts';
import { liveStore } from '../src/live/store.ts';

// Scheduled: runs on the published deploy every 15 minutes (30 s limit); never reachable by URL.
// The north-western Pacific snapshot and the global archive are refreshed side by side, then flash news
// is written for what changed.
export default async () => {
  const store = liveStore();
  const [typhoons, global] = await Promise.all([refreshLive(upstreamsFromEnv(), store), refreshGlobal(globalUpstreamsFromEnv(), store)]);
  const flash = await recordEvents(store);
  console.log(JSON.stringify({ typhoons, global, flash: flash.length }));
};

export const config: Config = {
  schedule: '*/15 * * * *',
};
