/**
 * What the docs page loads: prints figures, asserts nothing. `npm run bench:page [base URL]`.
 *
 * Without a URL it builds the demo archive into a temporary folder and serves it as `npm start -- --demo
 * --mock-upstream` would, its live data refreshed once from the mock upstream (one active storm, its forecasts, the
 * disturbances, the warning agencies). Debian's Chromium (`CHROMIUM_PATH`, default /usr/bin/chromium) loads the page as a phone (390 px,
 * touch) and as a desktop (1280 px), waits until the cards are listed, the map is drawn and the fonts are loaded,
 * and counts every request and the bytes of each answer's body as sent (compressed where the server compresses:
 * the local server gzips text as Netlify does), by kind.
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'fs-extra';
import { chromium, type Request } from 'playwright-core';
import { buildSite } from '../build/build-site.ts';
import { readConfig } from '../src/config/env.ts';
import { DEMO_SOURCES_DIR } from '../src/config/paths.ts';
import { startMockUpstream } from '../src/demo/mock-upstream.ts';
import { refreshDisturbances } from '../src/global/refresh-disturbances.ts';
import { refreshGlobal } from '../src/global/refresh-global.ts';
import { refreshLive } from '../src/live/refresh-typhoons.ts';
import { startLocalServer } from '../src/server/local-server.ts';
import { fileStore } from '../src/store/store.ts';
import { WARNING_AGENCIES } from '../src/model/warning-schemas.ts';
import { globalUpstreams, warningUpstreams } from '../src/upstream/addresses.ts';
import { createUpstreamClient } from '../src/upstream/client.ts';
import { refreshWarnings } from '../src/warnings/refresh-warnings.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The demo archive served with live data from the mock upstream, refreshed once. */
async function demoServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-page-'));
  const publicDir = path.join(scratch, 'public');
  await buildSite({ sourcesDir: DEMO_SOURCES_DIR, publicDir, force: true });
  const mock = await startMockUpstream();
  const store = fileStore(path.join(scratch, 'live'));
  const client = createUpstreamClient({ backoffMs: 0 });
  await refreshLive({ zjBase: mock.zjBase, nmcBase: mock.nmcBase, client }, store);
  await refreshGlobal(globalUpstreams(mock.addresses, client), store);
  await refreshDisturbances(globalUpstreams(mock.addresses, client), store);
  await refreshWarnings(warningUpstreams(mock.addresses, client), store, new Date(), { agencies: WARNING_AGENCIES, storms: [] });
  const config = { ...readConfig(), upstreams: mock.addresses, store: { kind: 'files' as const, dir: path.join(scratch, 'live') } };
  const server = await startLocalServer({ publicDir, config, port: 0 });
  return {
    url: server.url,
    close: async () => {
      await server.close();
      await mock.close();
      await fs.remove(scratch);
    },
  };
}

/** What a request is, for the table. */
function kindOf(request: Request): string {
  const url = new URL(request.url());
  if (url.pathname.startsWith('/fonts/')) return 'font (Noto Sans SC)';
  if (url.pathname.startsWith('/vendor/')) return 'Leaflet';
  if (url.pathname.startsWith('/map/')) return 'basemap';
  if (url.pathname === '/api/openapi.json') return 'OpenAPI document';
  if (url.pathname === '/' || url.pathname.endsWith('.html') || url.pathname.endsWith('.svg')) return 'page, favicon';
  return 'API answers';
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

async function measure(url: string): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    for (const [width, phone] of [
      [390, true],
      [1280, false],
    ] as const) {
      const context = await browser.newContext({ viewport: { width, height: phone ? 844 : 900 }, isMobile: phone, hasTouch: phone });
      const page = await context.newPage();
      const requests: Request[] = [];
      page.on('requestfinished', (request) => requests.push(request));
      await page.goto(`${url}/`);
      await page.waitForSelector('#endpoints[data-ready]');
      await page.waitForSelector('#map[data-drawn]');
      await page.evaluate('document.fonts.ready');
      await page.waitForLoadState('networkidle');
      const byKind = new Map<string, { requests: number; bytes: number }>();
      for (const request of requests) {
        const { responseBodySize } = await request.sizes();
        const kind = byKind.get(kindOf(request)) ?? { requests: 0, bytes: 0 };
        byKind.set(kindOf(request), { requests: kind.requests + 1, bytes: kind.bytes + responseBodySize });
      }
      const total = [...byKind.values()].reduce((a, b) => ({ requests: a.requests + b.requests, bytes: a.bytes + b.bytes }));
      console.log(`\n${width} px${phone ? ' (phone, touch)' : ''}: ${total.requests} requests, ${kB(total.bytes)}`);
      for (const [kind, { requests: n, bytes }] of [...byKind].sort((a, b) => b[1].bytes - a[1].bytes))
        console.log(`  ${kind.padEnd(22)} ${String(n).padStart(3)} requests  ${kB(bytes).padStart(9)}`);
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

const given = process.argv[2];
const server = given ? { url: given.replace(/\/$/, ''), close: async () => {} } : await demoServer();
try {
  console.log(`The docs page at ${server.url}/`);
  await measure(server.url);
} finally {
  await server.close();
}
