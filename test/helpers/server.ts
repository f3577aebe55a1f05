/**
 * The base URL the contract suite talks to: TYPHOON_API_BASE_URL when set (netlify dev, a deployed site),
 * else a local server over a fresh build (of the real archive when present, else the hand-written sample).
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'fs-extra';
import { buildSite } from '../../build/build-site.ts';
import { startLocalServer } from '../../src/server/local-server.ts';
import { FIXTURE_SOURCES, REAL_SOURCES } from './sources.ts';

export async function startTestServer(): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const external = process.env.TYPHOON_API_BASE_URL;
  if (external) return { baseUrl: external.replace(/\/$/, ''), close: async () => {} };
  const publicDir = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-public-'));
  await buildSite({ sourcesDir: REAL_SOURCES ?? FIXTURE_SOURCES, publicDir, force: true });
  const server = await startLocalServer({ publicDir, port: 0 });
  return {
    baseUrl: server.url,
    close: async () => {
      await server.close();
      await fs.remove(publicDir);
    },
  };
}
