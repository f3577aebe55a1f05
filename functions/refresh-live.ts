import type { Config } from '@netlify/functions';
import { refreshLive, upstreamsFromEnv } from '../src/live/refresh.ts';
import { liveStore } from '../src/live/store.ts';

// Scheduled: runs on the published deploy every 15 minutes (30 s limit); never reachable by URL.
export default async () => {
  const result = await refreshLive(upstreamsFromEnv(), liveStore());
  console.log(JSON.stringify(result));
};

export const config: Config = {
  schedule: '*/15 * * * *',
};
