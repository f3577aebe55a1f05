/**
 * The base URL the contract suite talks to: TYPHOON_API_BASE_URL when set (netlify dev, a deployed site),
 * else a local server over the run's shared build (test/global-setup.ts: the real archive when given, else the
 * hand-written sample),
 * with its live data refreshed from a mock upstream on loopback.
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'fs-extra';
import { MOCK_NOW, mockUpstreamEnv, startMockUpstream, type MockUpstream } from './mock.ts';
import { sharedPublicDir } from './shared-build.ts';
import { recordEvents } from '../../src/flash/record-events.ts';
import { refreshDisturbances } from '../../src/global/refresh-disturbances.ts';
import { refreshGlobal } from '../../src/global/refresh-global.ts';
import { globalUpstreams } from '../../src/upstream/addresses.ts';
import { refreshLive } from '../../src/live/refresh-typhoons.ts';
import { fileStore } from '../../src/store/store.ts';
import { createUpstreamClient } from '../../src/upstream/client.ts';
import { startLocalServer } from '../../src/server/local-server.ts';
import { readConfig } from '../../src/config/env.ts';

export interface TestServer {
  baseUrl: string;
  /** The mock upstream behind the local server; null against an external base URL. */
  mock: MockUpstream | null;
  close: () => Promise<void>;
}

/**
 * `answerAt`: the time the server answers at (default the mock's moment, when its data is current): later, the same
 * stored data is a frozen upstream's, as it would be after the mock's answers were replayed that long.
 */
export async function startTestServer(answerAt: Date = MOCK_NOW): Promise<TestServer> {
  const external = process.env.TYPHOON_API_BASE_URL;
  if (external) return { baseUrl: external.replace(/\/$/, ''), mock: null, close: async () => {} };
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-site-'));
  const publicDir = await sharedPublicDir();
  const mock = await startMockUpstream();
  Object.assign(process.env, mockUpstreamEnv(mock), { TYPHOON_LIVE_DIR: path.join(scratch, 'live') });
  const store = fileStore(process.env.TYPHOON_LIVE_DIR as string);
  const client = createUpstreamClient({ backoffMs: 0 });
  // At the mock's moment, refreshed and answering: its storm current, its bulletins in force (on another clock the
  // same answers would be told as a frozen upstream's).
  await refreshLive({ zjBase: mock.zjBase, nmcBase: mock.nmcBase, client }, store, MOCK_NOW);
  await refreshGlobal(globalUpstreams(mock.addresses, client), store, MOCK_NOW);
  await refreshDisturbances(globalUpstreams(mock.addresses, client), store, MOCK_NOW);
  await recordEvents(store, null, MOCK_NOW);
  const server = await startLocalServer({ publicDir, config: readConfig(), port: 0, clock: () => answerAt });
  return {
    baseUrl: server.url,
    mock,
    close: async () => {
      await server.close();
      await mock.close();
      await fs.remove(scratch);
    },
  };
}
