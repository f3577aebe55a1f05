/**
 * The docs page in headless Chromium (Debian's chromium driven by playwright-core), on two servers:
 *
 * - the demo archive as a fresh clone serves it (`npm start -- --demo`: no live data, no dump), loaded as a phone
 *   (390 px, touch): the demo notice at the top, then the active storms told as unavailable (never as "none") with
 *   YAGI on the map instead, said so, all in the first screen; each agency's warnings unavailable, never "none"; Chinese drawn by the site's web font; no word for a
 *   mouse or a keyboard; the map moved by a finger and zoomed by a pinch; cards closed until asked, the contents
 *   menu, no example that answers 404 (the three that need live data say there is none), and the dump linked only
 *   once it exists;
 * - the run's shared build with live data from the mock upstream, loaded once at 1280 px: the active storm first
 *   with its forecasts, cones and wind circles and the disturbances on the map, which the mouse moves and the wheel
 *   zooms; the warnings in force per agency in its own words and times, each state as the answer gives it (the
 *   warnings read from the mock at its moment: HKO's "none", JMA's storm warnings, PAGASA's stale bulletin), and
 *   JMA's storm areas on the map; one card per resource in its area with its title, the text once, the fields of its answer and only the
 *   errors its route declares; the navigation, search as you type, deep links, code samples that run, every example
 *   answering 200 when clicked, the "storms near a place" form, no horizontal scrolling at 390 px.
 *
 * Every load is checked for page errors and console errors (a failed request logs one). Screenshots go to
 * test-output/: docs-1280.png and docs-390.png (the shared build in its widest state: results, an answer and the
 * track table open), docs-demo-390.png (the demo as a phone loads it, whole) and docs-demo-390-first.png (its first
 * screen). CI installs chromium (.ci/run); elsewhere the test is skipped when no browser is installed.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { chromium, type Browser, type CDPSession, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../build/build-site.ts';
import { ERROR_CATALOG } from '../../src/api/errors.ts';
import { DOCS_AREAS, ENDPOINTS, errorsOf, RESOURCES, type Endpoint } from '../../src/api/route-table.ts';
import { readConfig } from '../../src/config/env.ts';
import { DEMO_SOURCES_DIR } from '../../src/config/paths.ts';
import { writeDump } from '../../src/dump/write-dump.ts';
import { WARNING_AGENCIES } from '../../src/model/warning-schemas.ts';
import { startLocalServer } from '../../src/server/local-server.ts';
import { fileStore } from '../../src/store/store.ts';
import { warningUpstreams } from '../../src/upstream/addresses.ts';
import { createUpstreamClient } from '../../src/upstream/client.ts';
import { refreshWarnings } from '../../src/warnings/refresh-warnings.ts';
import { MOCK_NOW, startMockUpstream } from '../helpers/mock.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { awaitSharedBuild } from '../helpers/shared-build.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const available = fs.existsSync(CHROMIUM);
if (!available && process.env.CI) throw new Error(`no Chromium at ${CHROMIUM}: .ci/run installs it`);

const SCREENSHOTS = path.resolve(import.meta.dirname, '..', '..', 'test-output');
const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A phone's screen: an iPhone's 390 × 844 CSS pixels. */
const PHONE = { width: 390, height: 844 };
/** The web font the page serves for Chinese (build/site-assets.ts). */
const WEB_FONT = 'Noto Sans SC';

/** The page's areas, in order (the route table's areas: every resource is in its `area`). */
const AREAS: [string, string][] = [
  ['live', 'Live'],
  ['history', 'History'],
  ['global', 'Global'],
  ['news', 'News & knowledge'],
  ['client', 'Client app'],
  ['feeds-maps', 'Feeds & maps'],
];
/** Examples that need live data: a fresh clone has none, so the page offers no example for them there. */
const LIVE_EXAMPLES = [
  'flash-item',
  'global-typhoon',
  'global-typhoon-forecasts',
  'global-typhoon-forecasts-geojson',
  'global-typhoon-verification',
  'disturbance',
];
/** The storm the map shows when it shows no active one. */
const DEFAULT_STORM = '202411';

type Json = Record<string, any>;

/** Follows local $refs of the OpenAPI document. */
const resolve = (doc: Json, node: Json): Json =>
  node.$ref
    ? resolve(
        doc,
        (node.$ref as string)
          .slice(2)
          .split('/')
          .reduce((at: Json, key) => at[key], doc),
      )
    : node;
/** `/api/history/:year` → `/api/history/{year}`, as the document writes it. */
const documented = (pattern: string) => pattern.replace(/:(\w+)/g, '{$1}');
/** A resource's endpoints as its card lists them: v1 first. */
const endpointsOf = (resourceId: string) =>
  ENDPOINTS.filter((e) => e.resource.id === resourceId).sort((a, b) => (a.family === 'v1' ? -1 : 0) - (b.family === 'v1' ? -1 : 0));

interface Loaded {
  page: Page;
  /** Page errors and console errors (a request answered with an error status logs one), in order. */
  errors: string[];
}

/**
 * The warning agencies read from the server's mock at its moment, into the server's store (startTestServer refreshes
 * the storms, the global cyclones and the disturbances, not the warnings). Nothing to do against an external server.
 */
async function refreshWarningsOf(server: TestServer): Promise<TestServer> {
  if (server.mock)
    await refreshWarnings(
      warningUpstreams(server.mock.addresses, createUpstreamClient({ retries: 0 })),
      fileStore(process.env.TYPHOON_LIVE_DIR as string),
      MOCK_NOW,
      { agencies: WARNING_AGENCIES, storms: [] },
    );
  return server;
}

/** The page's state of an agency's warnings, from its answer: a fault or a stale "none" is unavailable, never "none". */
const warningStateOf = (a: Json) =>
  a.state === 'unknown' || (a.state === 'none-in-force' && a.stale)
    ? 'unavailable'
    : a.stale || a.upstream !== 'ok'
      ? 'stale'
      : a.state === 'none-in-force'
        ? 'none'
        : 'in-force';
/** A time as the page shows it: `2026-08-23 03:00 UTC+09:00` (`Z` → `UTC`). */
const shownTime = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC${/[+-]\d\d:\d\d$/.exec(iso)?.[0] ?? ''}`;

/** Opens the page in a new context: a phone (touch, coarse pointer) or a desktop of that width. */
async function openPage(browser: Browser, url: string, width: number, phone = false): Promise<Loaded> {
  const context = await browser.newContext({
    viewport: { width, height: phone ? PHONE.height : 900 },
    isMobile: phone,
    hasTouch: phone,
    geolocation: { latitude: 22.3, longitude: 114.2 },
    permissions: ['geolocation', 'clipboard-read', 'clipboard-write'],
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  await page.goto(url);
  await waitLoaded(page);
  return { page, errors };
}

/** Loaded: the cards listed (after the notices and the map above them), the map drawn on its basemap. */
async function waitLoaded(page: Page): Promise<void> {
  await page.waitForSelector('#endpoints[data-ready]', { timeout: 30_000 });
  await page.waitForSelector('#map[data-drawn]', { timeout: 30_000 });
}

/** The few DOM members the tests read in the page (their TypeScript has no DOM types). */
type PageElement = {
  textContent: string | null;
  getAttribute(name: string): string | null;
  querySelector(selector: string): PageElement | null;
};

/** Opens a card's details the way a user does (a phone shows them closed), then its family's tab; returns that family's panel. */
async function showFamily(page: Page, resourceId: string, family: string): Promise<Locator> {
  const card = page.locator(`article.endpoint#${resourceId}`);
  const { open, tab } = await card.evaluate(
    (el: PageElement, f: string) => ({
      open: el.querySelector('details.more')?.getAttribute('open') !== null,
      tab: el.querySelector(`[role=tab][data-family="${f}"]`) !== null,
    }),
    family,
  );
  if (!open) await card.locator('details.more > summary').click();
  if (tab) await card.locator(`[role=tab][data-family="${family}"]`).click();
  const panel = card.locator(`.family-panel[data-family="${family}"]`);
  await panel.waitFor({ state: 'visible' });
  return panel;
}

/** Selects an example as a user does, checks its answer is shown with status 200, and closes it again. */
async function clickExample(page: Page, endpoint: Endpoint): Promise<string> {
  const panel = await showFamily(page, endpoint.resource.id, endpoint.family);
  const link = panel.locator('a.example');
  const shown = await link.evaluate((a: PageElement) => ({ text: a.textContent, href: a.getAttribute('href') as string }));
  // Shown as people read it (`摩羯`, not `%E6%91%A9%E7%BE%AF`); the link itself is the encoded URL.
  expect(shown.text).toBe(`GET ${decodeURI(shown.href)}`);
  await link.click();
  await panel.locator('.answer').waitFor({ state: 'visible' });
  const { status, heading } = await panel.evaluate((p: PageElement) => ({
    status: p.querySelector('.example-status')?.textContent ?? '',
    heading: p.querySelector('.answer-heading')?.textContent ?? '',
  }));
  expect(heading, endpoint.path).toMatch(/^200 · /);
  await link.click();
  await panel.locator('.answer').waitFor({ state: 'hidden' });
  return status;
}

const inViewport = async (page: Page, locator: Locator) => {
  const box = await locator.boundingBox();
  return box !== null && box.y >= 0 && box.y < page.viewportSize()!.height;
};

/** The map's view as the page keeps it on the element (Leaflet's centre and zoom after each move). */
const mapView = async (page: Page) => ({
  center: (await page.getAttribute('#map', 'data-center')) ?? '',
  zoom: Number(await page.getAttribute('#map', 'data-zoom')),
});
/** Waits until the map's view is no longer `before` (a move or zoom ends with Leaflet's moveend). */
const viewChanged = (page: Page, key: 'center' | 'zoom', before: string | number) =>
  page.waitForFunction(`document.getElementById('map').dataset.${key} !== ${JSON.stringify(String(before))}`);

/** The middle of the map, scrolled into view, in the page's pixels. */
async function mapMiddle(page: Page): Promise<[number, number]> {
  await page.locator('#map').scrollIntoViewIfNeeded();
  const box = (await page.locator('#map').boundingBox())!;
  return [box.x + box.width / 2, box.y + box.height / 2];
}
/** Dragged up and left, the map shows what lay south-east of the old centre. */
function expectSouthEast(before: string, after: string): void {
  const [[lat0, lng0], [lat1, lng1]] = [before, after].map((c) => c.split(',').map(Number)) as [number[], number[]];
  expect(lat1).toBeLessThan(lat0!);
  expect(lng1).toBeGreaterThan(lng0!);
}

/** The fonts Chromium drew a node's text with (its own report, through the DevTools protocol). */
async function fontsOf(cdp: CDPSession, selector: string): Promise<{ familyName: string; isCustomFont: boolean }[]> {
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  return (await cdp.send('CSS.getPlatformFontsForNode', { nodeId })).fonts;
}

describe.runIf(available)('docs page', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  describe('on the demo archive, as a fresh clone serves it: no live data, no dump, on a phone', () => {
    let baseUrl = '';
    let publicDir = '';
    let shared: Loaded;
    let close = async () => {};

    beforeAll(async () => {
      const scratch = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'docs-demo-'));
      publicDir = path.join(scratch, 'public');
      await buildSite({ sourcesDir: DEMO_SOURCES_DIR, publicDir, force: true });
      // No refresh ever runs: the live store stays empty. The mock upstream only keeps a lookup on loopback.
      const mock = await startMockUpstream();
      const config = { ...readConfig(), upstreams: mock.addresses, store: { kind: 'files' as const, dir: path.join(scratch, 'live') } };
      const server = await startLocalServer({ publicDir, config, port: 0 });
      baseUrl = server.url;
      close = async () => {
        await server.close();
        await mock.close();
        await fs.promises.rm(scratch, { recursive: true, force: true });
      };
      shared = await openPage(browser, `${baseUrl}/`, PHONE.width, true);
    }, 120_000);
    afterAll(async () => {
      await shared?.page.context().close();
      await close();
    });

    it('says at the top that the archive is the demo one, then the active storms: unavailable, never "none", and YAGI on the map instead, said so; all in the first screen', async () => {
      const { page, errors } = shared;
      const report = (await (await fetch(`${baseUrl}/api/_data/archive-report.json`)).json()) as Json;
      expect(report.demo).toBe(true);
      const notice = page.locator('#demo-notice');
      expect(await notice.isVisible()).toBe(true);
      expect(await notice.textContent()).toContain(`Demo archive: ${report.storms} storms of ${report.firstYear}–${report.lastYear}`);
      expect(await notice.textContent()).toContain('not for research');
      // At the top: right under the title.
      expect(await page.evaluate("document.querySelector('h1').nextElementSibling.id")).toBe('demo-notice');

      // The active storms come first, and say why there are none to show: nothing was fetched, which is no "none".
      expect(await page.evaluate("document.querySelector('main > section').id")).toBe('active');
      const status = page.locator('#active-status');
      expect(await status.getAttribute('data-state')).toBe('unavailable');
      const said = (await status.textContent()) ?? '';
      expect(said).toMatch(/^Unavailable: this server has not fetched the live data yet/);
      expect(said).toContain('The map shows an archived storm instead: YAGI 摩羯 (2024)');
      expect(said).not.toMatch(/none reported|no active storm/i);
      expect(await page.locator('#active-list li').count()).toBe(0);
      expect(await page.textContent('#disturbance-status')).toBe('Unavailable: this server has not fetched the disturbances yet.');
      // The warnings: each agency unavailable (nothing read yet), never "none in force"; no warning area on the map.
      expect(await page.locator('#active-warning-list > li').evaluateAll((lis) => lis.map((li) => li.getAttribute('data-agency')))).toEqual(
        [...WARNING_AGENCIES],
      );
      for (const agency of WARNING_AGENCIES) {
        const item = page.locator(`#active-warning-list > li[data-agency="${agency}"]`);
        expect(await item.getAttribute('data-state'), agency).toBe('unavailable');
        expect(await item.textContent(), agency).toMatch(/: Unavailable: no answer has been read yet\.$/);
      }
      expect(await page.textContent('#active-warning-list')).not.toMatch(/none in force|\bnone\b/i);
      expect(await page.locator('#map-layers label:has(input[data-layer="warnings"])').textContent()).toMatch(/\(0\)$/);
      // YAGI on the map: its track points, readable from the keyboard.
      const { typhoon: yagi } = (await (await fetch(`${baseUrl}/api/typhoons/${DEFAULT_STORM}`)).json()) as Json;
      expect(await page.locator('#map path.track-point').count()).toBe(yagi.points.length);
      expect(await page.locator('#track-table tbody tr').count()).toBe(yagi.points.length);

      // The first screen of a phone: the notice, the state of the active storms and the map's top.
      for (const selector of ['#demo-notice', '#active-heading', '#active-status', '#map'])
        expect(await inViewport(page, page.locator(selector)), selector).toBe(true);
      fs.mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: path.join(SCREENSHOTS, 'docs-demo-390-first.png') });
      expect(errors).toEqual([]);
    });

    it('draws Chinese with the web font it serves, and says nothing of a mouse or a keyboard on a touch screen', async () => {
      const { page, errors } = shared;
      await page.evaluate('document.fonts.ready');
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('DOM.enable');
      await cdp.send('CSS.enable');
      // Chromium's own report of the font that drew each: the web font, whatever the system has installed.
      for (const selector of ['h1 [lang="zh-CN"]', '#legend li[data-grade="SuperTY"] [lang="zh-CN"]']) {
        const fonts = await fontsOf(cdp, selector);
        // (fontsource's files name themselves "Noto Sans SC Thin" inside, whatever their weight)
        expect(fonts, selector).toEqual([
          expect.objectContaining({ familyName: expect.stringMatching(`^${WEB_FONT}`), isCustomFont: true }),
        ]);
      }
      // Only the files holding the characters shown were fetched: a few of the font's hundred.
      const faces = (await page.evaluate(
        `[...document.fonts].filter((f) => f.family.replaceAll('"', '') === '${WEB_FONT}').map((f) => f.status)`,
      )) as string[];
      expect(faces.length).toBeGreaterThan(90);
      const loaded = faces.filter((status) => status === 'loaded').length;
      expect(loaded).toBeGreaterThan(0);
      expect(loaded).toBeLessThan(15);
      await cdp.detach();

      // A phone has no pointer to hover and no key to press: the words for them are not shown.
      const text = (await page.evaluate('document.body.innerText')) as string;
      expect(text).not.toMatch(/hover|press \/|arrow keys/i);
      expect(text).toContain('Drag to move the map, pinch to zoom. Tap a point to read its values here:');
      expect(errors).toEqual([]);
    });

    it('moves the map under a finger and zooms it with a pinch', async () => {
      const { page, errors } = shared;
      const [x, y] = await mapMiddle(page);
      const cdp = await page.context().newCDPSession(page);
      const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: [number, number][]) =>
        cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map(([px, py], id) => ({ x: px, y: py, id })) });

      const before = await mapView(page);
      await touch('touchStart', [[x, y]]);
      for (let step = 1; step <= 8; step++) await touch('touchMove', [[x - 10 * step, y - 6 * step]]);
      await touch('touchEnd', []);
      await viewChanged(page, 'center', before.center);
      const moved = await mapView(page);
      expect(moved.zoom).toBe(before.zoom);
      expectSouthEast(before.center, moved.center);

      await touch('touchStart', [
        [x - 20, y],
        [x + 20, y],
      ]);
      for (let step = 1; step <= 8; step++)
        await touch('touchMove', [
          [x - 20 - 10 * step, y],
          [x + 20 + 10 * step, y],
        ]);
      await touch('touchEnd', []);
      await viewChanged(page, 'zoom', moved.zoom);
      expect((await mapView(page)).zoom).toBeGreaterThan(moved.zoom);
      await cdp.detach();
      expect(errors).toEqual([]);
    });

    it('shows a phone the cards closed and the contents on demand; a contents link opens its card (screenshot in test-output/)', async () => {
      const { page, errors } = shared;
      expect(await page.locator('article.endpoint').count()).toBe(RESOURCES.length);
      expect(await page.locator('article.endpoint details.more[open]').count()).toBe(0);
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);
      fs.mkdirSync(SCREENSHOTS, { recursive: true });
      const file = path.join(SCREENSHOTS, 'docs-demo-390.png');
      await page.evaluate('window.scrollTo(0, 0)'); // a full-page shot draws sticky parts where the view is
      await page.screenshot({ path: file, fullPage: true });
      console.log(`docs page screenshot (demo archive, phone): ${file}`);

      const toc = page.locator('#contents .toc');
      expect(await toc.isVisible()).toBe(false);
      await page.locator('#contents > summary').click();
      expect(await toc.isVisible()).toBe(true);
      await toc.locator('a[href="#history-year"]').click();
      expect(await toc.isVisible()).toBe(false);
      expect(await page.evaluate('location.hash')).toBe('#history-year');
      const card = page.locator('#history-year');
      expect(await card.locator('details.more').getAttribute('open')).not.toBeNull();
      expect(await inViewport(page, card.locator('h4'))).toBe(true);
      expect(errors).toEqual([]);
    }, 60_000);

    it('offers no example that answers 404: those needing live data say there is none, every other answers 200', async () => {
      const { page, errors } = shared;
      // Every card's panels are in the page from the start (a user opens them: clicking is tested on the shared
      // build): read once, in the page.
      const offered = (await page.evaluate(`[...document.querySelectorAll('article.endpoint')].flatMap((card) =>
        [...card.querySelectorAll('.family-panel')].map((panel) => ({
          id: card.id,
          family: panel.dataset.family,
          href: panel.querySelector('a.example')?.getAttribute('href') ?? null,
          none: panel.querySelector('.no-example')?.textContent ?? null,
        })))`)) as { id: string; family: string; href: string | null; none: string | null }[];
      expect(offered.map((o) => `${o.id} ${o.family}`).sort()).toEqual(ENDPOINTS.map((e) => `${e.resource.id} ${e.family}`).sort());
      const statuses = await Promise.all(
        offered.map(async ({ id, family, href, none }) => {
          if (LIVE_EXAMPLES.includes(id)) {
            expect(href, `${id} ${family}`).toBeNull();
            expect(none).toMatch(/^No example right now: \/api\/\S+ lists no (flash news item|global cyclone|disturbance) right now/);
            return null;
          }
          // What a user would open answers 200.
          return [`${id} ${family}`, (await fetch(new URL(href as string, baseUrl))).status] as const;
        }),
      );
      expect(statuses.filter((s) => s !== null && s[1] !== 200)).toEqual([]);
      expect(errors).toEqual([]);
    }, 90_000);

    it('links the dump only once the server has it, asking without a request that fails, and a link to a card opens it on load', async () => {
      const { page, errors } = shared;
      expect(await page.getAttribute('#dump-line', 'data-dump')).toBe('absent');
      expect(await page.locator('#dump-link').count()).toBe(0);
      expect(await page.textContent('#dump-line')).toMatch(/is not on this server: .*npm run dump writes it\.$/);

      await writeDump({ sourcesDir: DEMO_SOURCES_DIR, outDir: path.join(publicDir, 'dump') });
      // The server remembers what a path names for a second: wait until it serves the new status.
      while (!((await (await fetch(`${baseUrl}/dump/status.json`)).json()) as Json).available) await sleep(100);
      await page.goto('about:blank'); // a new load, not a move within the page
      await page.goto(`${baseUrl}/#typhoon-detail`);
      await waitLoaded(page);
      expect(await page.getAttribute('#dump-line', 'data-dump')).toBe('present');
      expect(await page.getAttribute('#dump-link', 'href')).toBe('/dump/typhoon-archive.zip');
      expect(await page.textContent('#dump-line')).toMatch(/\/dump\/typhoon-archive\.zip \(\d+ kB\)\.$/);
      // Loaded with a card's link: that card open and scrolled to.
      expect(await page.locator('#typhoon-detail details.more').getAttribute('open')).not.toBeNull();
      expect(await inViewport(page, page.locator('#typhoon-detail h4'))).toBe(true);
      expect(errors).toEqual([]);
    }, 60_000);
  });

  describe('on the shared build, with live data', () => {
    awaitSharedBuild();
    let baseUrl = '';
    let close = async () => {};
    let doc: Json = {};
    /**
     * The page, loaded once at 1280 px for every test (a load fetches the document and draws the map); the width
     * tests resize it, as a turned phone or a resized window would. The browser is in Hong Kong for the "near me"
     * button. `errors` collects page errors and console errors.
     */
    let shared: Loaded;

    beforeAll(async () => {
      ({ baseUrl, close } = await refreshWarningsOf(await startTestServer()));
      doc = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as Json;
      shared = await openPage(browser, `${baseUrl}/`, 1280);
    }, 120_000);
    afterAll(async () => {
      await shared?.page.context().close();
      await close();
    });

    const parametersOf = (item: Json) => [...(item.parameters ?? []), ...(item.get.parameters ?? [])].map((p: Json) => resolve(doc, p));
    const keysOf = (item: Json) => parametersOf(item).map((p) => `${p.in} ${p.name}`);

    async function findNearHongKong(page: Page): Promise<void> {
      await page.fill('#near-lat', '22.3');
      await page.fill('#near-lng', '114.2');
      await page.fill('#near-radius', '500');
      await page.click('#near-form button[type=submit]');
      await page.waitForSelector('#near-archive:not([hidden]) li[data-closest-km]', { timeout: 15_000 });
      await page.waitForSelector('#near-active:not([hidden]) li[data-distance-km]', { timeout: 15_000 });
    }

    it('shows the active storm first, with the time its source reported it, and on the map its track, forecasts, cones and wind circles, and the disturbances', async () => {
      const { page, errors } = shared;
      const live = (await (await fetch(`${baseUrl}/api/typhoons`)).json()) as Json;
      expect(live).toMatchObject({ upstream: 'ok', stale: false });
      expect(live.typhoons.length).toBeGreaterThan(0);
      expect(await page.evaluate("document.querySelector('main > section').id")).toBe('active');
      const status = page.locator('#active-status');
      expect(await status.getAttribute('data-state')).toBe('active');
      const storms = `${live.typhoons.length} active storm${live.typhoons.length === 1 ? '' : 's'}`;
      expect(await status.textContent()).toMatch(
        new RegExp(`^${storms}, last reported at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC\\+08:00 \\(fetched `),
      );
      expect(await status.textContent()).not.toContain('archived storm instead');
      // Each storm in words: its latest fix (the source's time, never "now") and the agencies that forecast it.
      for (const storm of live.typhoons as Json[]) {
        const item = (await page.locator(`#active-list li[data-code="${storm.code}"]`).textContent()) ?? '';
        const last = storm.points[storm.points.length - 1];
        expect(item).toContain(`latest fix ${last.time.slice(0, 10)} ${last.time.slice(11, 16)} UTC+08:00`);
        expect(item).toContain(
          `forecasts: ${Object.keys(storm.forecasts)
            .map((a) => a.toUpperCase())
            .join(', ')}`,
        );
      }

      // On the map, from the storms' GeoJSON: every track point, a forecast track and cone per agency, the latest wind circles.
      const collections = await Promise.all(
        (live.typhoons as Json[]).map(async (s) => (await fetch(`${baseUrl}/api/geojson/${s.code}`)).json()),
      );
      const features = collections.flatMap((c) => (c as Json).features as Json[]);
      const count = (kind: string, only = (_: Json) => true) =>
        features.filter((f) => f.properties.kind === kind && only(f.properties)).length;
      const disturbances = (await (await fetch(`${baseUrl}/api/geojson/disturbances`)).json()) as Json;
      const warningAreas = (await (await fetch(`${baseUrl}/api/geojson/warnings`)).json()) as Json;
      const layers = {
        cones: count('forecast-cone'),
        wind: count('wind-circle', (p) => p.latest),
        warnings: warningAreas.features.length,
        disturbances: disturbances.features.length,
        forecasts: count('forecast-track') + count('forecast-point'),
        tracks: count('track') + count('track-point') + count('landfall'),
      };
      for (const [layer, n] of Object.entries(layers)) {
        expect(n, layer).toBeGreaterThan(0);
        expect(await page.locator(`#map-layers label:has(input[data-layer="${layer}"])`).textContent(), layer).toMatch(
          new RegExp(`\\(${n}\\)$`),
        );
      }
      expect(await page.getAttribute('#map', 'data-drawn')).toBe(String(Object.values(layers).reduce((a, b) => a + b)));
      expect(await page.locator('#map path.track-point').count()).toBe(count('track-point'));
      // A layer is a checkbox: unchecked, its shapes leave the map; checked, they come back.
      const shapes = () => page.locator('#map .leaflet-overlay-pane path').count();
      const all = await shapes();
      await page.locator('#map-layers input[data-layer="cones"]').uncheck();
      expect(await shapes()).toBe(all - layers.cones);
      await page.locator('#map-layers input[data-layer="cones"]').check();
      expect(await shapes()).toBe(all);
      // The disturbances in words, with their source's time, and labelled on the map.
      expect(await page.getAttribute('#disturbance-status', 'data-state')).toBe('ok');
      expect(await page.textContent('#disturbance-status')).toMatch(/^\d+ active tropical disturbances? from JTWC, last reported at /);
      expect(await page.locator('#disturbance-list li[data-id="jtwc-wp942026"]').textContent()).toMatch(/^94W \(WP\) · potential LOW/);
      expect(await page.locator('#map .invest-label').allTextContents()).toContain('94W');
      // The legends: every grade, and the agencies whose forecasts are drawn.
      expect(await page.locator('#legend li .swatch').count()).toBe(7);
      expect(await page.locator('#agency-legend li').evaluateAll((lis) => lis.map((li) => li.getAttribute('data-agency')))).toEqual([
        ...new Set((live.typhoons as Json[]).flatMap((s) => Object.keys(s.forecasts))),
      ]);
      expect(await page.locator('#track-table tbody tr').count()).toBe(count('track-point'));
      expect(errors).toEqual([]);
    });

    it("lists the warnings in force per agency in the agency's own words and times, each state as the answer gives it, and draws JMA's areas", async () => {
      const { page, errors } = shared;
      const answer = (await (await fetch(`${baseUrl}/api/warnings`)).json()) as Json;
      const agencies = answer.agencies as Json[];
      const byAgency = Object.fromEntries(agencies.map((a) => [a.agency, a]));
      // The mock's moment: HKO's constructed answer says none is in force; JMA's constructed documents give storm
      // warnings for the Yaeyama islands and MANGKHUT's storm areas; PAGASA's recorded bulletin (UWAN No. 9, when the
      // samples are given) is past the time of its next one: its signals are stale.
      expect(warningStateOf(byAgency.hko)).toBe('none');
      expect(warningStateOf(byAgency.jma)).toBe('in-force');
      if (process.env.TYPHOON_UPSTREAM_SAMPLES) expect(warningStateOf(byAgency.pagasa)).toBe('stale');
      expect(await page.locator('#active-warning-list > li').evaluateAll((lis) => lis.map((li) => li.getAttribute('data-agency')))).toEqual(
        agencies.map((a) => a.agency),
      );
      for (const a of agencies) {
        const item = page.locator(`#active-warning-list > li[data-agency="${a.agency}"]`);
        const state = warningStateOf(a);
        expect(await item.getAttribute('data-state'), a.agency).toBe(state);
        const text = (await item.textContent()) ?? '';
        if (state === 'none') expect(text).toContain(`: None in force, as of ${shownTime(a.fetchedAt)}: the agency's own answer said none`);
        if (state === 'in-force')
          expect(text).toContain(
            `: ${a.total} warning${a.total === 1 ? '' : 's'} in force, last reported at ${shownTime(a.publishedAt)} (fetched `,
          );
        if (state === 'stale')
          expect(text).toContain(
            `: Stale (${a.staleReason}): ${a.total} warnings in the last good answer, last reported at ${shownTime(a.publishedAt)}; fetched `,
          );
        if (state === 'unavailable') expect(text).toContain(`: Unavailable: ${a.stateReason}`);
        if (state !== 'none') expect(text, a.agency).not.toMatch(/none in force/i);
        // Each warning: its words as the agency gave them, its area, its issue time with the agency's offset.
        for (const w of a.warnings as Json[]) {
          const words = (['en', 'zh', 'ja'] as const)
            .map((k) => [...new Set([w.name[k], w.words[k]].filter(Boolean))].join(': '))
            .filter(Boolean);
          const line = (
            await item
              .locator('li', { hasText: words.join(' / ') })
              .filter({ hasText: `issued ${shownTime(w.issuedAt)}` })
              .allTextContents()
          ).join('\n');
          expect(line, `${a.agency} ${w.slot}`).toContain(
            w.area ? w.area.name : w.kind === 'storm-area' ? `the storm areas of ${w.storm.name}` : 'all of Hong Kong',
          );
          expect(line).toContain(w.expiresAt ? `expires ${shownTime(w.expiresAt)}` : 'no expiry given');
        }
      }
      expect(await page.textContent('#active-warning-list > li[data-agency="jma"]')).toMatch(
        /暴風警報: 石垣市, 竹富町, 与那国町 · issued 2026-08-23 03:00 UTC\+09:00/,
      );
      // The agencies' text is text: nothing in the list but the page's own elements.
      expect(new Set(await page.locator('#active-warning-list *').evaluateAll((all) => all.map((e) => e.tagName)))).toEqual(
        new Set(['LI', 'SPAN', 'TIME', 'UL']),
      );
      // JMA's circles on the map (their count is checked with every layer's above), each read out with its typhoon.
      const warningAreas = (await (await fetch(`${baseUrl}/api/geojson/warnings`)).json()) as Json;
      expect(warningAreas.features.length).toBeGreaterThan(0);
      expect(warningAreas.freshness).toMatchObject({ stale: false, upstream: 'ok' });
      const areas = page.locator('#map path[stroke="#7b1fa2"]'); // the warning areas' colour
      expect(await areas.count()).toBe(warningAreas.features.length);
      await areas.first().dispatchEvent('click');
      const first = warningAreas.features[0].properties;
      expect(await page.textContent('#point-info')).toBe(
        `JMA storm area (暴風域) of ${first.storm.name} · at ${shownTime(first.validAt)} · radius ${first.radiusKm} km`,
      );
      expect(errors).toEqual([]);
    });

    it('moves the map with a mouse drag, zooms it with the wheel, and reads the track points without a mouse', async () => {
      const { page, errors } = shared;
      const [x, y] = await mapMiddle(page);
      const before = await mapView(page);
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x - 150, y - 80, { steps: 10 });
      await page.mouse.up();
      await viewChanged(page, 'center', before.center);
      const moved = await mapView(page);
      expectSouthEast(before.center, moved.center);
      await page.mouse.wheel(0, -300);
      await viewChanged(page, 'zoom', moved.zoom);
      expect((await mapView(page)).zoom).toBeGreaterThan(moved.zoom);

      // One tab stop per track; the arrow keys move along it and the readout follows.
      const points = page.locator('#map path.track-point');
      const count = await points.count();
      expect(await page.locator('#map path.track-point[tabindex="0"]').count()).toBe(1);
      await points.first().focus();
      expect(await page.textContent('#point-info')).toBe(await points.nth(0).getAttribute('aria-label'));
      expect(await page.textContent('#point-info')).toMatch(/ UTC\+08:00 · [\d.]+°N [\d.]+°E · .* · wind [\d.]+ m\/s · pressure \d+ hPa$/);
      await page.keyboard.press('ArrowRight');
      expect(await page.textContent('#point-info')).toBe(await points.nth(1).getAttribute('aria-label'));
      await page.keyboard.press('End');
      expect(await page.locator(':focus').getAttribute('aria-label')).toBe(await points.nth(count - 1).getAttribute('aria-label'));
      expect(await page.locator('#map path.track-point[tabindex="0"]').count()).toBe(1);
      // Words for a mouse and a keyboard on a desktop.
      expect(await page.evaluate('document.body.innerText')).toContain('Search the endpoints (press /)');
      expect(errors).toEqual([]);
    }, 60_000);

    it("documents each answer's fields from the document: name, type, unit and meaning, the top level being the answer's own (v1: its data's)", async () => {
      const { page, errors } = shared;
      /** The top-level fields of a schema, across its parts. */
      const topFields = (node: Json): string[] => {
        const schema = resolve(doc, node);
        if (schema.allOf) return [...new Set((schema.allOf as Json[]).flatMap(topFields))];
        const alternatives = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
        if (alternatives) return [...new Set(alternatives.filter((a) => resolve(doc, a).type !== 'null').flatMap(topFields))];
        const rest = schema.additionalProperties && typeof schema.additionalProperties === 'object' ? ['*'] : [];
        return [...Object.keys(schema.properties ?? {}), ...rest];
      };
      const dataOf = (node: Json): Json[] => {
        const schema = resolve(doc, node);
        return [...((schema.allOf ?? []) as Json[]).flatMap(dataOf), ...(schema.properties?.data ? [schema.properties.data] : [])];
      };
      // Drawn when opened: every list opened at once, then read.
      await page.locator('details.fields').evaluateAll((all) => all.forEach((d) => d.setAttribute('open', '')));
      await page.waitForFunction(
        `[...document.querySelectorAll('details.fields')].every((d) => d.querySelector('dl').childElementCount > 0)`,
      );
      const shown = await page.locator('.family-panel').evaluateAll((panels) =>
        panels.map((panel) => ({
          resource: panel.closest('article')!.id,
          family: panel.getAttribute('data-family'),
          rows: Number(panel.querySelector('details.fields')?.getAttribute('data-rows') ?? 0),
          note: panel.querySelector('p.fields')?.textContent ?? null,
          fields: [...panel.querySelectorAll('.fields-list dt')].map((dt) => ({
            path: dt.getAttribute('data-field')!,
            type: dt.querySelector('.field-type')!.textContent!,
            unit: dt.querySelector('.field-unit')?.textContent ?? '',
            meaning: dt.nextElementSibling!.textContent!,
          })),
        })),
      );
      await page.locator('details.fields').evaluateAll((all) => all.forEach((d) => d.removeAttribute('open')));
      expect(shown.length).toBe(ENDPOINTS.length);
      for (const endpoint of ENDPOINTS) {
        const panel = shown.find((p) => p.resource === endpoint.resource.id && p.family === endpoint.family)!;
        const [mediaType, media] = Object.entries(doc.paths[documented(endpoint.path)].get.responses['200'].content as Json)[0]!;
        if (!/json/.test(mediaType)) {
          expect(panel.note, endpoint.path).toBe(`Not JSON (${mediaType}): no fields.`);
          continue;
        }
        expect(panel.fields.length, endpoint.path).toBe(panel.rows);
        for (const field of panel.fields) {
          expect(field.type, `${endpoint.path} ${field.path}`).not.toBe('');
          expect(field.meaning, `${endpoint.path} ${field.path}: a description in its zod schema`).not.toBe('');
        }
        const top = endpoint.family === 'v1' ? [...new Set(dataOf(media.schema).flatMap(topFields))] : topFields(media.schema);
        expect(
          panel.fields.map((f) => f.path).filter((p) => !/[.[]/.test(p)),
          endpoint.path,
        ).toEqual(top);
      }
      // Units as the descriptions state them; a threshold in a description (≥ 13.9 m/s) is not a field's unit.
      const field = (resource: string, family: string, at: string) =>
        shown.find((p) => p.resource === resource && p.family === family)!.fields.find((f) => f.path === at);
      expect(field('live-typhoons', 'v1', 'list[].points[].speed')).toMatchObject({ type: 'number or null', unit: 'm/s' });
      expect(field('live-typhoons', 'web', 'typhoons[].points[].pressure')).toMatchObject({ unit: 'hPa' });
      expect(field('live-typhoons', 'v1', 'list[].points[].moveSpeed')).toMatchObject({ unit: 'km/h' });
      expect(field('live-typhoons', 'v1', 'list[].points[].radius7.ne')).toMatchObject({ unit: 'km' });
      expect(field('live-typhoons', 'v1', 'list[].points[].radius7')).toMatchObject({ type: 'object or null', unit: '' });
      expect(field('live-typhoons', 'v1', 'upstream')).toMatchObject({ type: 'one of ok, unavailable, never-fetched, off', unit: '' });
      expect(field('live-typhoons', 'v1', 'fetchedAt')?.meaning).toMatch(/^When the snapshot was fetched/);
      expect(field('live-near', 'v1', 'list[].distanceKm')).toMatchObject({ type: 'number', unit: 'km' });
      expect(field('typhoon-agencies', 'v1', 'agencies[].ace')).toMatchObject({ unit: '10⁴ kt²' });
      expect(field('history-years', 'v1', 'total')).toMatchObject({ type: 'integer', unit: '' });
      expect(field('typhoon-detail', 'v1', 'forecasts.{cma,jma,jtwc,hko,cwa,kma,pagasa,ecmwf}.points[].time')?.type).toBe('time (+08:00)');
      expect(errors).toEqual([]);
    }, 60_000);

    it('shows one card per resource, its paths in both families and its text once, in its area, with the parameters and errors of the document', async () => {
      const { page, errors } = shared;
      const items = Object.entries(doc.paths as Record<string, Json>);
      expect(items.length).toBe(ENDPOINTS.length);
      expect(await page.locator('#endpoints article.endpoint').count()).toBe(RESOURCES.length);
      expect(await page.locator('#endpoints > section.area').evaluateAll((areas) => areas.map((a) => a.id))).toEqual(
        AREAS.map(([id]) => `area-${id}`),
      );
      expect(AREAS.map(([id]) => id)).toEqual([...DOCS_AREAS]);

      const titles = new Set<string>();
      for (const resource of RESOURCES) {
        const card = page.locator(`article.endpoint#${resource.id}`);
        expect(await card.count(), resource.id).toBe(1);
        expect(await card.getAttribute('data-area'), resource.id).toBe(resource.area);
        // Headed by a title for people (the route table gives one to every resource), its id beside it.
        const title = (await card.locator('h4 a').textContent()) ?? '';
        expect(title, resource.id).toBe(resource.title);
        expect(title, resource.id).toMatch(/^[A-Z][\w '’&-]{5,}$/);
        titles.add(title);
        expect(await card.locator('h4 .slug').textContent()).toBe(`#${resource.id}`);
        expect(await card.locator('.paths li').allTextContents()).toEqual(
          endpointsOf(resource.id).map((e) => `${e.family} GET ${documented(e.path)}`),
        );
        expect(await card.locator('.summary').allTextContents()).toEqual([resource.summary]);
        const families = endpointsOf(resource.id).map((e) => e.family);
        expect(await card.locator('.family-panel').evaluateAll((panels) => panels.map((p) => p.getAttribute('data-family')))).toEqual(
          families,
        );
        expect(await card.locator('[role=tab][data-family]').count()).toBe(families.length > 1 ? families.length : 0);
      }
      expect(titles.size).toBe(RESOURCES.length);

      const common = keysOf(items[0]![1]).filter((key) => items.every(([, item]) => keysOf(item).includes(key)));
      expect(common).toEqual(['header If-None-Match']);
      expect(await page.locator('#common-params li[data-param="If-None-Match"][data-in="header"]').count()).toBe(1);
      for (const endpoint of ENDPOINTS) {
        const apiPath = documented(endpoint.path);
        const item = doc.paths[apiPath] as Json;
        const card = page.locator(`article.endpoint#${endpoint.resource.id}`);
        const shownParams = await card
          .locator('.params li')
          .evaluateAll((lis) => lis.map((li) => `${li.getAttribute('data-in')} ${li.getAttribute('data-param')}`));
        expect(shownParams, apiPath).toEqual(keysOf(item).filter((key) => !common.includes(key)));
        // Each parameter says where it goes, whether it is required, and its type with its constraints.
        for (const p of parametersOf(item).filter((p) => p.in !== 'header')) {
          const text = await card.locator(`.params li[data-param="${p.name}"]`).textContent();
          expect(text, `${apiPath} ${p.name}`).toContain(p.required ? 'required' : 'optional');
          const schema = resolve(doc, p.schema);
          if (schema.pattern) expect(text).toContain(schema.pattern);
          if (schema.enum) expect(text).toContain(schema.enum.join(', '));
          if (schema.default !== undefined) expect(text).toContain(`default ${schema.default}`);
        }
        // The errors the route declares, by status: the document's error answers but the fault any function may give.
        const documentedErrors = Object.entries(item.get.responses as Record<string, Json>)
          .filter(([status]) => Number(status) >= 400)
          .map(([status, response]) => {
            // A 400 with parameters has an example per parameter rule (`examples`), all of code 40001.
            const media = resolve(doc, response).content['application/json'];
            const example = media.example ?? (Object.values(media.examples as Record<string, Json>)[0] as Json).value;
            return `${status} ${example.code ?? example.error.code}`;
          })
          .filter((error) => error !== `${ERROR_CATALOG.serverError.status} ${ERROR_CATALOG.serverError.code}`);
        const declared = new Map<number, number[]>();
        for (const name of errorsOf(endpoint.resource)) {
          const { status, code } = ERROR_CATALOG[name];
          declared.set(status, [...(declared.get(status) ?? []), code]);
        }
        const declaredErrors = [...declared].sort(([a], [b]) => a - b).map(([status, codes]) => `${status} ${codes.join(',')}`);
        expect(documentedErrors, apiPath).toEqual(declaredErrors.map((error) => error.split(',')[0]));
        const shownErrors = await card
          .locator('.errors li')
          .evaluateAll((lis) => lis.map((li) => `${li.getAttribute('data-status')} ${li.getAttribute('data-codes')}`));
        expect(shownErrors, apiPath).toEqual(declaredErrors);
        if (declaredErrors.length === 0)
          expect(await card.locator('.errors').textContent()).toBe(
            endpoint.resource.servedBy.kind === 'function' || Object.keys(endpoint.resource.params).length > 0
              ? 'None of its own (a fault of ours is said above the cards).'
              : 'None: a static file.',
          );
      }
      // The fault any function's answer may be is said once, above the cards.
      const { status: faultStatus, code: faultCode } = ERROR_CATALOG.serverError;
      expect(await page.locator(`#common-params .faults li[data-status="${faultStatus}"][data-codes="${faultCode}"]`).count()).toBe(1);
      expect(await page.locator(`#endpoints .errors li[data-status="${faultStatus}"]`).count()).toBe(0);

      // Not the demo: no notice, the archive's size from its report instead; no dump in a test build, so no link.
      const report = (await (await fetch(`${baseUrl}/api/_data/archive-report.json`)).json()) as Json;
      expect(report.demo).toBe(false);
      expect(await page.locator('#demo-notice').isVisible()).toBe(false);
      expect(await page.textContent('#archive-line')).toBe(
        `The archive on this server: ${report.storms.toLocaleString('en')} storms of ${report.firstYear}–${report.lastYear}.`,
      );
      expect(await page.locator('#dump-link').count()).toBe(0);
      expect(errors).toEqual([]);
    }, 90_000);

    it('has a navigation by area beside the page, with a link to every card', async () => {
      const { page, errors } = shared;
      const toc = page.locator('#contents .toc');
      expect(await toc.isVisible()).toBe(true);
      expect(await toc.locator('#toc-areas > li > a.area-name').allTextContents()).toEqual(AREAS.map(([, name]) => name));
      const linked = await toc.locator('#toc-areas li[data-resource] a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(linked.sort()).toEqual(RESOURCES.map((r) => `#${r.id}`).sort());
      // Each link sits in its card's area.
      for (const [area] of AREAS) {
        const inToc = await toc
          .locator(`#toc-areas > li[data-area="${area}"] li[data-resource]`)
          .evaluateAll((lis) => lis.map((li) => li.getAttribute('data-resource')));
        const cards = await page.locator(`#area-${area} article.endpoint`).evaluateAll((cards) => cards.map((c) => c.id));
        expect(inToc, area).toEqual(cards);
      }
      // Sticky: still in view at the end of the page.
      await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
      expect(await inViewport(page, page.locator('#search'))).toBe(true);
      await toc.locator('a[href="#typhoon-agencies"]').click();
      expect(await inViewport(page, page.locator('#typhoon-agencies h4'))).toBe(true);
      expect(errors).toEqual([]);
    });

    it('filters the cards by path, summary or parameter as one types, and a link to a hidden card clears the search', async () => {
      const { page, errors } = shared;
      const visible = () => page.locator('article.endpoint:not([hidden])').evaluateAll((cards) => cards.map((c) => c.id));
      const inToc = () =>
        page.locator('#toc-areas li[data-resource]:not([hidden])').evaluateAll((lis) => lis.map((li) => li.getAttribute('data-resource')));
      // What each resource is found by, from the document: its name, paths, summary and parameter names.
      const textOf = (resourceId: string) =>
        endpointsOf(resourceId)
          .flatMap((e) => {
            const item = doc.paths[documented(e.path)] as Json;
            return [resourceId, documented(e.path), item.get.summary, ...parametersOf(item).map((p) => p.name)];
          })
          .join('\n')
          .toLowerCase();
      const found = (words: string[]) => RESOURCES.filter((r) => words.every((w) => textOf(r.id).includes(w))).map((r) => r.id);

      // The page's own work from the tests before (answers shown in cards, the maps) has settled first.
      await page.waitForLoadState('networkidle');
      await page.locator('h1').click();
      await page.keyboard.press('/');
      expect(await page.evaluate('document.activeElement.id')).toBe('search');
      await page.keyboard.type('radius');
      await page.waitForFunction(`document.getElementById('search-count')?.textContent?.includes('“radius”')`);
      const byRadius = found(['radius']);
      expect(byRadius).toContain('history-near');
      expect((await visible()).sort()).toEqual(byRadius.sort());
      expect((await inToc()).sort()).toEqual(byRadius.sort());
      expect(await page.textContent('#search-count')).toBe(`${byRadius.length} of ${RESOURCES.length} resources match “radius”.`);

      for (const query of ['landfall', 'v1/typhoons', 'NEAR lat', 'page size']) {
        await page.fill('#search', query);
        const expected = found(query.toLowerCase().split(' '));
        expect(expected.length, query).toBeGreaterThan(0);
        expect((await visible()).sort(), query).toEqual(expected.sort());
      }
      // A request path finds the resource whose pattern it matches.
      await page.fill('#search', '/api/v1/history/2024');
      expect(await visible()).toEqual(['history-year']);
      // Nothing found: said so, every area hidden.
      await page.fill('#search', 'no-such-thing');
      expect(await visible()).toEqual([]);
      expect(await page.locator('#no-match').isVisible()).toBe(true);
      expect(await page.locator('#endpoints > section.area:not([hidden])').count()).toBe(0);
      // Escape clears it.
      await page.locator('#search').press('Escape');
      expect((await visible()).length).toBe(RESOURCES.length);
      expect(await page.textContent('#search-count')).toBe('');
      expect(await page.locator('#no-match').isVisible()).toBe(false);

      // A deep link to a card the search hides: the search is cleared, the card shown and scrolled to. The page does
      // all three in its hashchange handler: the test waits for that state, not for a time.
      await page.fill('#search', 'radius');
      expect(await visible()).not.toContain('history-year');
      await page.evaluate("location.hash = '#history-year'");
      await page.waitForFunction(
        `(() => {
          const card = document.getElementById('history-year');
          const box = card?.querySelector('h4')?.getBoundingClientRect();
          return document.getElementById('search').value === '' && card && !card.hidden && box && box.top >= 0 && box.top < innerHeight;
        })()`,
      );
      expect(await page.inputValue('#search')).toBe('');
      expect(await inViewport(page, page.locator('#history-year h4'))).toBe(true);
      expect(errors).toEqual([]);
    });

    it('gives each example its code in curl, JavaScript and Swift: the code requests the example and the JavaScript runs', async () => {
      const { page, errors } = shared;
      const samples = [
        { resource: 'history-year', family: 'v1', url: '/api/v1/history/2024' },
        { resource: 'history-year', family: 'web', url: '/api/history/2024' },
        { resource: 'flash-rss', family: 'web', url: '/feeds/flash.xml' },
      ];
      for (const sample of samples) {
        const panel = await showFamily(page, sample.resource, sample.family);
        const url = `${baseUrl}${sample.url}`;
        const code = async (language: string) => (await panel.locator(`pre.sample[data-lang="${language}"]`).textContent()) ?? '';
        expect(await panel.locator('a.example').getAttribute('href')).toBe(sample.url);
        expect(await code('curl')).toBe(`curl -sS '${url}'`);
        const answer = await fetch(url);
        const expected = sample.url.startsWith('/feeds/') ? await answer.text() : ((await answer.json()) as Json);
        // The JavaScript, run in the page as a user would paste it (its console.log collected).
        const logged = await page.evaluate(
          async (source) => {
            const out: unknown[] = [];
            const AsyncFunction = (async () => {}).constructor as new (...args: string[]) => (...values: unknown[]) => Promise<void>;
            await new AsyncFunction('console', source)({ log: (value: unknown) => out.push(value) });
            return out;
          },
          await code('js'),
        );
        if (typeof expected === 'string') expect(logged).toEqual([expect.stringContaining('<rss')]);
        else expect(logged).toEqual([sample.family === 'v1' ? expected.data : expected]);
        // The Swift names the URL and checks the family's answer.
        const swift = await code('swift');
        expect(swift).toContain(`let url = URL(string: "${url}")!`);
        expect(swift).toContain(`func fetch${sample.resource === 'flash-rss' ? 'FlashRss' : 'HistoryYear'}() async throws`);
        expect(swift).toContain(
          typeof expected === 'string'
            ? 'String(decoding: data, as: UTF8.self)'
            : sample.family === 'v1'
              ? 'guard body["code"] as? Int == 0'
              : 'guard status == 200',
        );
        // The curl, run by a shell where curl is installed, answers what the API answers (not synchronously: the
        // server answering it runs in this process).
        if (typeof expected !== 'string' && fs.existsSync('/usr/bin/curl')) {
          const { stdout } = await promisify(execFile)('sh', ['-c', await code('curl')], { encoding: 'utf8', timeout: 15_000 });
          expect(JSON.parse(stdout)).toEqual(expected);
        }
      }

      // One language for every card: chosen by click or by the arrow keys; the copy button copies what is shown.
      const panel = await showFamily(page, 'history-year', 'v1');
      await panel.locator('[role=tab][data-lang="curl"]').click();
      await panel.locator('[role=tab][data-lang="curl"]').press('ArrowRight');
      expect(await page.evaluate("document.activeElement.getAttribute('data-lang')")).toBe('js');
      expect(await panel.locator('[role=tab][data-lang="js"]').getAttribute('aria-selected')).toBe('true');
      const shownLanguages = await page
        .locator('pre.sample:not([hidden])')
        .evaluateAll((pres) => [...new Set(pres.map((p) => p.getAttribute('data-lang')))]);
      expect(shownLanguages).toEqual(['js']);
      expect(await page.locator('pre.sample:not([hidden])').count()).toBe(ENDPOINTS.length);
      await panel.locator('button.copy').click();
      expect(await page.evaluate('navigator.clipboard.readText()')).toBe(await panel.locator('pre.sample[data-lang="js"]').textContent());
      expect(await page.textContent('#announce')).toBe('Copied the JavaScript code.');
      await panel.locator('[role=tab][data-lang="curl"]').click();
      expect(errors).toEqual([]);
    }, 60_000);

    it("answers 200 for every example a user selects, the flash item's with a live id", async () => {
      const { page, errors } = shared;
      // Every example is offered: the live ones take their id from a list first.
      expect(await page.locator('.no-example').count()).toBe(0);
      expect(await page.getAttribute('#flash-item a.example', 'href')).toMatch(/^\/api\/v1\/flash\/[0-9a-f]{12}$/);
      expect(await page.getAttribute('#global-typhoon a.example', 'href')).toMatch(/^\/api\/v1\/global\/typhoons\/[\w-]+$/);
      // The static ones were clicked on the demo archive above (the contract suite requests them on this build).
      const statuses: Record<string, string> = {};
      for (const endpoint of ENDPOINTS.filter((e) => e.resource.servedBy.kind === 'function'))
        statuses[endpoint.path] = await clickExample(page, endpoint);
      expect(Object.entries(statuses).filter(([, status]) => !/^200( · code 0)?$/.test(status))).toEqual([]);
      expect(errors).toEqual([]);
    }, 90_000);

    it('shows an example answer in its own card, pretty-printed and abridged', async () => {
      const { page, errors } = shared;
      for (const [resourceId, expected] of [
        ['history-near', '"list": ['],
        ['flash-rss', '<rss'],
      ] as const) {
        const panel = await showFamily(page, resourceId, 'web');
        const answer = panel.locator('.answer pre');
        expect(await answer.isVisible()).toBe(false);
        await panel.locator('a.example').click();
        await answer.waitFor({ state: 'visible' });
        expect(await answer.textContent()).toContain(expected);
        expect(await panel.locator('.answer-heading').textContent()).toMatch(/^200 · /);
        expect(await panel.locator('a.example').getAttribute('aria-expanded')).toBe('true');
        // Next to the example: inside the same card.
        const card = page.locator(`#${resourceId}`);
        const [cardBox, answerBox] = [await card.boundingBox(), await answer.boundingBox()];
        expect(answerBox!.y).toBeGreaterThan(cardBox!.y);
        expect(answerBox!.y + answerBox!.height).toBeLessThanOrEqual(cardBox!.y + cardBox!.height);
      }
      // A long array (the 12 months of counts) shows its first items and says how many more there are.
      expect(await page.textContent('#history-near .family-panel[data-family="web"] .answer pre')).toContain('"… 9 more items"');
      await page.locator('#history-near .family-panel[data-family="web"] a.example').click();
      expect(await page.locator('#history-near .family-panel[data-family="web"] .answer').isVisible()).toBe(false);
      expect(errors).toEqual([]);
    }, 60_000);

    it('finds the storms near Hong Kong, where the browser says it is: archived ones with their closest approach, active ones with distance and bearing', async () => {
      const { page, errors } = shared;
      await page.fill('#near-radius', '500');
      await page.click('#near-locate');
      await page.waitForSelector('#near-archive:not([hidden]) li[data-closest-km]', { timeout: 15_000 });
      await page.waitForSelector('#near-active:not([hidden]) li[data-distance-km]', { timeout: 15_000 });
      expect([await page.inputValue('#near-lat'), await page.inputValue('#near-lng')]).toEqual(['22.30', '114.20']);
      const archived = page.locator('#near-archive li');
      expect(await archived.count()).toBeGreaterThan(0);
      const closest = await archived.evaluateAll((lis) => lis.map((li) => Number(li.getAttribute('data-closest-km'))));
      expect(closest.every((km) => km >= 0 && km <= 500)).toBe(true);
      expect(closest).toEqual([...closest].sort((a, b) => a - b));
      expect(await archived.first().textContent()).toMatch(/\d km at \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
      // The test server's live storms come from the mock upstream, whichever archive was built.
      const active = page.locator('#near-active li');
      expect(await active.count()).toBeGreaterThan(0);
      expect(await active.first().textContent()).toMatch(/\d km to the [NESW]{1,3} \(\d+°\)/);
      expect(errors).toEqual([]);
    }, 60_000);

    it.each([390, 1280])(
      'fits %i px without horizontal scrolling (screenshot in test-output/)',
      async (width) => {
        const { page, errors } = shared;
        await page.setViewportSize({ width, height: 900 });
        // The widest state: results listed, an answer and the track table open (opened once: a click closes them).
        await findNearHongKong(page);
        const panel = await showFamily(page, 'typhoon-detail', 'web');
        if ((await panel.locator('a.example').getAttribute('aria-expanded')) !== 'true') await panel.locator('a.example').click();
        await panel.locator('.answer pre').waitFor({ state: 'visible' });
        if ((await page.getAttribute('#track-table', 'open')) === null) await page.click('#track-table summary');
        expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
        // The contents follow the width: beside the page on a wide screen, behind a button on a phone.
        expect(await page.locator('#contents > summary').isVisible()).toBe(width < 1024);
        expect(await page.locator('#contents .toc').isVisible()).toBe(width >= 1024);
        // The first screen: the active storms' state, the storms and the map's top, at either width; a storm's
        // name brings it into view (the tests before moved the map).
        await page.locator('#active-list li button').first().click();
        await page.evaluate('window.scrollTo(0, 0)'); // a full-page shot draws sticky parts where the view is
        for (const selector of ['#active-status', '#active-list li', '#map'])
          expect(await inViewport(page, page.locator(selector).first()), `${selector} at ${width} px`).toBe(true);
        fs.mkdirSync(SCREENSHOTS, { recursive: true });
        const file = path.join(SCREENSHOTS, `docs-${width}.png`);
        await page.screenshot({ path: file, fullPage: true });
        console.log(`docs page screenshot: ${file}`);
        expect(errors).toEqual([]);
      },
      60_000,
    );
  });

  describe('on the shared build, the live data 12 hours after its source last published', () => {
    awaitSharedBuild();
    let baseUrl = '';
    let close = async () => {};
    beforeAll(async () => {
      ({ baseUrl, close } = await refreshWarningsOf(await startTestServer(new Date(MOCK_NOW.getTime() + 12 * 3_600_000))));
    }, 120_000);
    afterAll(() => close());

    it('tells the active storms, the warnings and the storms near a place as last reported, never as now; a stale "none" as unavailable', async () => {
      const { page, errors } = await openPage(browser, `${baseUrl}/`, 1280);
      try {
        const status = page.locator('#active-status');
        expect(await status.getAttribute('data-state')).toBe('stale');
        expect(await status.textContent()).toMatch(
          /^Stale \(.*the upstream has published nothing new since .*\): \d+ storms? in the last good data, last reported at /,
        );
        expect(await status.textContent()).not.toMatch(/\bactive\b|right now/);
        for (const item of await page.locator('#active-list li').allTextContents()) expect(item).toMatch(/\(not current: /);
        // HKO's "none", 12 hours old, says nothing about now: unavailable; JMA's warnings are last reported.
        const warnings = (await (await fetch(`${baseUrl}/api/warnings`)).json()) as Json;
        for (const a of warnings.agencies as Json[])
          expect(await page.getAttribute(`#active-warning-list > li[data-agency="${a.agency}"]`, 'data-state'), a.agency).toBe(
            warningStateOf(a),
          );
        const hko = page.locator('#active-warning-list > li[data-agency="hko"]');
        expect(await hko.getAttribute('data-state')).toBe('unavailable');
        expect(await hko.textContent()).toMatch(/: Unavailable: the last answer said none was in force, but it is stale: /);
        expect(await page.getAttribute('#active-warning-list > li[data-agency="jma"]', 'data-state')).toBe('stale');
        expect(await page.textContent('#active-warning-list')).not.toMatch(/None in force|in force, last reported/);
        await page.fill('#near-lat', '22.3');
        await page.fill('#near-lng', '114.2');
        await page.fill('#near-radius', '500');
        await page.click('#near-form button[type=submit]');
        await page.waitForSelector('#near-active:not([hidden]) li[data-distance-km]', { timeout: 15_000 });
        const summary = (await page.textContent('#near-active .summary')) ?? '';
        expect(summary).toMatch(/^\d+ listed in the last data, none current \(each as last reported\), nearest first:/);
        expect(summary).not.toMatch(/\bactive\b|right now/);
        for (const item of await page.locator('#near-active li').allTextContents())
          expect(item).toMatch(/last reported at .*\(not current: .*the upstream has published nothing new since /);
        expect(errors).toEqual([]);
      } finally {
        await page.context().close();
      }
    }, 60_000);
  });
});
