/**
 * The docs page in headless Chromium (Debian's chromium driven by playwright-core): it loads, every endpoint's
 * live example answers with JSON, and the track map draws. CI installs chromium (.ci/run); elsewhere the test
 * is skipped when no browser is installed.
 */
import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../src/api/route-table.ts';
import { startTestServer } from './helpers/server.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const available = fs.existsSync(CHROMIUM);
if (!available && process.env.CI) throw new Error(`no Chromium at ${CHROMIUM}: .ci/run installs it`);

describe.runIf(available)('docs page', () => {
  let browser: Browser;
  let baseUrl = '';
  let close = async () => {};

  beforeAll(async () => {
    ({ baseUrl, close } = await startTestServer());
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await close();
  });

  it('loads, answers every example and draws the map', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${baseUrl}/`);
    await page.waitForSelector('#endpoints[data-checked]', { timeout: 30_000 });
    await page.waitForSelector('#map[data-drawn]', { timeout: 30_000 });

    const paths = new Set(ENDPOINTS.map((e) => e.path));
    const rows = await page.locator('#endpoints tr').count();
    expect(rows).toBe(paths.size);
    expect(await page.locator('.example-status[data-answered="true"]').count()).toBe(rows);
    // Every example answers 200, but the flash item's: its fixed example id names no item of today's live news,
    // which must then be a well-formed 40401, not a 400 or a fault.
    const failing = await page.locator('#endpoints tr:has(.example-status:not(.ok))').evaluateAll((trs) =>
      trs.map((tr) => `${tr.querySelector('code')?.textContent} ${tr.querySelector('.example-status')?.textContent}`));
    expect(failing).toEqual(['/api/v1/flash/{id} 404 · code 40401']);
    expect(await page.locator('#map circle.track-point').count()).toBeGreaterThan(3);
    expect(await page.locator('#track').getAttribute('points')).toMatch(/^[\d.]+,[\d.]+ /);
    expect(await page.textContent('#map-caption')).toContain('YAGI');
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});
