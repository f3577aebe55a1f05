/**
 * The docs page in headless Chromium (Debian's chromium driven by playwright-core): every endpoint with its
 * parameters and errors as the OpenAPI document gives them and a live example that answers 200 and shows its
 * answer in its own card; YAGI's track on the basemap with a legend and keyboard access; the "storms near a place"
 * form; a phone's width without horizontal scrolling. Screenshots at 390 and 1280 px go to test-output/. CI
 * installs chromium (.ci/run); elsewhere the test is skipped when no browser is installed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../src/api/route-table.ts';
import { startTestServer } from './helpers/server.ts';
import { awaitSharedBuild } from './helpers/shared-build.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const available = fs.existsSync(CHROMIUM);
if (!available && process.env.CI) throw new Error(`no Chromium at ${CHROMIUM}: .ci/run installs it`);

const SCREENSHOTS = path.resolve(import.meta.dirname, '..', 'test-output');

type Json = Record<string, any>;

/** Follows local $refs of the OpenAPI document. */
const resolve = (doc: Json, node: Json): Json =>
  node.$ref ? resolve(doc, (node.$ref as string).slice(2).split('/').reduce((at: Json, key) => at[key], doc)) : node;

describe.runIf(available)('docs page', () => {
  let browser: Browser;
  let baseUrl = '';
  let close = async () => {};
  let doc: Json = {};
  /**
   * The page, loaded once at 1280 px for every test (a load asks every example and draws the map: seconds of
   * CPU); the width tests resize it, as a turned phone or a resized window would. The browser is in Hong Kong
   * for the "near me" button. `errors` collects page errors.
   */
  let shared: { page: Page; errors: string[] };

  awaitSharedBuild();
  beforeAll(async () => {
    ({ baseUrl, close } = await startTestServer());
    doc = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as Json;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, geolocation: { latitude: 22.3, longitude: 114.2 }, permissions: ['geolocation'] })).newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${baseUrl}/`);
    // Loaded: every example answered and the map drawn.
    await page.waitForSelector('#endpoints[data-checked]', { timeout: 30_000 });
    await page.waitForSelector('#map[data-drawn]', { timeout: 30_000 });
    shared = { page, errors };
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await close();
  });

  async function findNearHongKong(page: Page): Promise<void> {
    await page.fill('#near-lat', '22.3');
    await page.fill('#near-lng', '114.2');
    await page.fill('#near-radius', '500');
    await page.click('#near-form button[type=submit]');
    await page.waitForSelector('#near-archive:not([hidden]) li[data-closest-km]', { timeout: 15_000 });
    await page.waitForSelector('#near-active:not([hidden]) li[data-distance-km]', { timeout: 15_000 });
  }

  it('shows every endpoint with its parameters and errors from the OpenAPI document, and every example answers 200', async () => {
    const { page, errors } = shared;
    const items = Object.entries(doc.paths as Record<string, Json>);
    expect(items.length).toBe(new Set(ENDPOINTS.map((e) => e.path)).size);
    expect(await page.locator('#endpoints article.endpoint').count()).toBe(items.length);

    const parametersOf = (item: Json) => [...(item.parameters ?? []), ...(item.get.parameters ?? [])].map((p: Json) => resolve(doc, p));
    const keysOf = (item: Json) => parametersOf(item).map((p) => `${p.in} ${p.name}`);
    const common = keysOf(items[0]![1]).filter((key) => items.every(([, item]) => keysOf(item).includes(key)));
    expect(common).toEqual(['header If-None-Match']);
    expect(await page.locator('#common-params li[data-param="If-None-Match"][data-in="header"]').count()).toBe(1);

    for (const [apiPath, item] of items) {
      const card = page.locator(`article.endpoint[data-path="${apiPath}"]`);
      const shownParams = await card.locator('.params li').evaluateAll((lis) => lis.map((li) => `${li.getAttribute('data-in')} ${li.getAttribute('data-param')}`));
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
      const expectedErrors = Object.entries(item.get.responses as Record<string, Json>)
        .filter(([status]) => Number(status) >= 400)
        .map(([status, response]) => {
          const example = resolve(doc, response).content['application/json'].example;
          return `${status} ${example.code ?? example.error.code}`;
        });
      const shownErrors = await card.locator('.errors li').evaluateAll((lis) => lis.map((li) => `${li.getAttribute('data-status')} ${li.getAttribute('data-codes')}`));
      expect(shownErrors, apiPath).toEqual(expectedErrors);
    }

    // Every example answers 200: the flash item's takes a live id from /api/v1/flash first.
    expect(await page.locator('.example-status[data-answered="true"]').count()).toBe(items.length);
    const failing = await page.locator('article.endpoint:has(.example-status:not(.ok))').evaluateAll((cards) =>
      cards.map((card) => `${card.getAttribute('data-path')} ${card.querySelector('.example-status')?.textContent}`));
    expect(failing).toEqual([]);
    expect(await page.getAttribute('article[data-path="/api/v1/flash/{id}"] a.example', 'href')).toMatch(/^\/api\/v1\/flash\/[0-9a-f]{12}$/);
    expect(errors).toEqual([]);
  }, 90_000);

  it('shows an example answer in its own card, pretty-printed and abridged', async () => {
    const { page, errors } = shared;
    for (const [apiPath, expected] of [['/api/history/near', '"list": ['], ['/feeds/flash.xml', '<rss']] as const) {
      const card = page.locator(`article.endpoint[data-path="${apiPath}"]`);
      const answer = card.locator('.answer pre');
      expect(await answer.isVisible()).toBe(false);
      await card.locator('a.example').click();
      await answer.waitFor({ state: 'visible' });
      expect(await answer.textContent()).toContain(expected);
      expect(await card.locator('.answer-heading').textContent()).toMatch(/^200 · /);
      expect(await card.locator('a.example').getAttribute('aria-expanded')).toBe('true');
      // Next to the example: inside the same card.
      const [cardBox, answerBox] = [await card.boundingBox(), await answer.boundingBox()];
      expect(answerBox!.y).toBeGreaterThan(cardBox!.y);
      expect(answerBox!.y + answerBox!.height).toBeLessThanOrEqual(cardBox!.y + cardBox!.height);
    }
    // A long array (the 12 months of counts) shows its first items and says how many more there are.
    expect(await page.textContent('article[data-path="/api/history/near"] .answer pre')).toContain('"… 9 more items"');
    await page.locator('article[data-path="/api/history/near"] a.example').click();
    expect(await page.locator('article[data-path="/api/history/near"] .answer').isVisible()).toBe(false);
    expect(errors).toEqual([]);
  }, 60_000);

  it('draws YAGI on the basemap, with a legend, and reads its points without a mouse', async () => {
    const { page, errors } = shared;
    expect(await page.textContent('#map-caption')).toContain('YAGI');
    expect((await page.getAttribute('#land', 'd'))?.length).toBeGreaterThan(1000);
    expect(await page.getAttribute('#track', 'points')).toMatch(/^[\d.]+,[\d.]+ /);
    const points = page.locator('#map circle.track-point');
    const count = await points.count();
    expect(count).toBeGreaterThan(3);
    // Every point lies on the map (inside the viewBox), over the basemap.
    const [, , width, height] = (await page.getAttribute('#map', 'viewBox'))!.split(' ').map(Number);
    for (const [cx, cy] of await points.evaluateAll((dots) => dots.map((d) => [Number(d.getAttribute('cx')), Number(d.getAttribute('cy'))]))) {
      expect(cx).toBeGreaterThan(0);
      expect(cx).toBeLessThan(width!);
      expect(cy).toBeGreaterThan(0);
      expect(cy).toBeLessThan(height!);
    }
    expect(await page.locator('#legend li').allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining('SuperTY Super typhoon')]));
    expect(await page.locator('#legend li .swatch').count()).toBe(7);
    expect(await page.locator('#track-table tbody tr').count()).toBe(count);
    expect(await points.first().locator('title').textContent()).toMatch(/ m\/s · pressure /);

    // One tab stop; the arrow keys move along the track and the readout follows.
    expect(await page.locator('#map circle.track-point[tabindex="0"]').count()).toBe(1);
    await points.first().focus();
    expect(await page.textContent('#point-info')).toBe(await points.nth(0).getAttribute('aria-label'));
    await page.keyboard.press('ArrowRight');
    expect(await page.textContent('#point-info')).toBe(await points.nth(1).getAttribute('aria-label'));
    await page.keyboard.press('End');
    expect(await page.locator(':focus').getAttribute('aria-label')).toBe(await points.nth(count - 1).getAttribute('aria-label'));
    expect(await page.locator('#map circle.track-point[tabindex="0"]').count()).toBe(1);
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

  it.each([390, 1280])('fits %i px without horizontal scrolling (screenshot in test-output/)', async (width) => {
    const { page, errors } = shared;
    await page.setViewportSize({ width, height: 900 });
    // The widest state: results listed, an answer and the track table open (opened once: a click closes them).
    await findNearHongKong(page);
    const example = page.locator('article[data-path="/api/typhoons/{code}"]');
    if ((await example.locator('a.example').getAttribute('aria-expanded')) !== 'true') await example.locator('a.example').click();
    await example.locator('.answer pre').waitFor({ state: 'visible' });
    if ((await page.getAttribute('#track-table', 'open')) === null) await page.click('#track-table summary');
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    const file = path.join(SCREENSHOTS, `docs-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(`docs page screenshot: ${file}`);
    expect(errors).toEqual([]);
  }, 60_000);
});
