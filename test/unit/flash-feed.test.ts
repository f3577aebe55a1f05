/**
 * The flash feeds (`/feeds/flash.xml`, RSS 2.0; `/feeds/flash.atom`, Atom 1.0), through their function, read back
 * with a real feed parser (@rowanmanning/feed-parser): newest first, stable ids (the item's API URL), Chinese with
 * English beside, `ai-generated` on every entry, text escaped, `?code=` as the JSON list's, errors as web JSON.
 */
import os from 'node:os';
import path from 'node:path';
import { parseFeed } from '@rowanmanning/feed-parser';
import fs from 'fs-extra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_POLICIES } from '../../src/api/cache-policy.ts';
import type { FlashEvent } from '../../src/flash/events.ts';
import { readFlash, recordFlash } from '../../src/flash/flash-store.ts';
import type { FlashItem } from '../../src/model/flash-schemas.ts';
import { fileStore } from '../../src/store/store.ts';
import { apiFunction } from '../helpers/functions.ts';

const handleFeed = await apiFunction('flash-feed');

const HOMEPAGE = 'https://typhoon.example.org/';
const site = {
  name: '台风数据开放接口',
  nameEn: 'Typhoon Open Data API',
  homepage: HOMEPAGE,
  contact: 'x',
  disclaimer: 'x',
  dataNotice: 'x',
  creditRequest: 'x',
};
const point = {
  time: '2024-09-06T16:20:00+08:00',
  lat: 19.6,
  lng: 110.9,
  strong: '超强台风',
  grade: 'SuperTY' as const,
  power: 17,
  speed: 62,
  pressure: 915,
  moveDir: 'WNW',
  moveSpeed: 20,
  radius7: null,
  radius10: null,
  radius12: null,
};
const EVENTS: FlashEvent[] = [
  {
    key: 'landfall:202411:a',
    type: 'landfall',
    code: '202411',
    time: '2024-09-06T16:20:00+08:00',
    storm: { name: '摩羯', enname: 'YAGI' },
    point,
    position: '海南文昌 <翁田镇> & 沿海',
  },
  {
    key: 'numbered:202699',
    type: 'numbered',
    code: '202699',
    time: '2026-09-10T08:00:00+08:00',
    storm: { name: '演示台风', enname: 'DEMO' },
    point: { ...point, time: '2026-09-10T08:00:00+08:00' },
  },
  {
    key: 'landfall:202411:b',
    type: 'landfall',
    code: '202411',
    time: '2024-09-07T22:20:00+08:00',
    storm: { name: '摩羯', enname: 'YAGI' },
    point: { ...point, time: '2024-09-07T22:20:00+08:00' },
    position: '越南广宁',
  },
];

let scratch = '';
let items: FlashItem[] = [];
const saved = { ...process.env };
beforeAll(async () => {
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-feed-'));
  await fs.outputJson(path.join(scratch, 'public', 'api', '_data', 'site.json'), site);
  Object.assign(process.env, { TYPHOON_PUBLIC_DIR: path.join(scratch, 'public'), TYPHOON_LIVE_DIR: path.join(scratch, 'live') });
  const store = fileStore(path.join(scratch, 'live'));
  await recordFlash(store, EVENTS, null, new Date('2026-09-10T00:30:00Z'));
  items = await readFlash(store);
});
afterAll(async () => {
  process.env = saved;
  await fs.remove(scratch);
});

const get = (target: string, method = 'GET') => handleFeed(new Request(`http://localhost${target}`, { method }));
const apiUrl = (item: FlashItem) => `${HOMEPAGE}api/v1/flash/${item.id}`;

describe.each([
  ['/feeds/flash.xml', 'application/rss+xml; charset=utf-8', 'rss'],
  ['/feeds/flash.atom', 'application/atom+xml; charset=utf-8', 'atom'],
] as const)('%s', (feedPath, mediaType, type) => {
  it('answers every item, newest first, each with its API URL as its stable id and link', async () => {
    const response = await get(feedPath);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(mediaType);
    expect(response.headers.get('cache-control')).toBe(CACHE_POLICIES.live.browser);
    expect(response.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    const feed = parseFeed(await response.text());
    expect(feed.meta.type).toBe(type);
    expect(feed.language ?? 'zh-CN').toBe('zh-CN');
    expect(feed.title).toBe('台风快讯 · Typhoon flash news');
    expect(feed.self).toBe(`${HOMEPAGE}feeds/flash.${type === 'rss' ? 'xml' : 'atom'}`);
    expect(items.map((item) => item.time)).toEqual([...items.map((item) => item.time)].sort().reverse());
    expect(feed.items.map((entry) => entry.id)).toEqual(items.map(apiUrl));
    expect(feed.items.map((entry) => entry.url)).toEqual(items.map(apiUrl));
    expect(feed.items.map((entry) => (entry.updated ?? entry.published)?.toISOString())).toEqual(
      items.map((item) => new Date(item.time).toISOString()),
    );
  });

  it('writes Chinese with English beside it, says each entry is AI-generated, and escapes the text', async () => {
    const xml = await (await get(feedPath)).text();
    const feed = parseFeed(xml);
    for (const [entry, item] of feed.items.map((entry, i) => [entry, items[i] as FlashItem] as const)) {
      expect(entry.title).toBe(`${item.title} / ${item.titleEn}`);
      const text = entry.description ?? entry.content ?? '';
      expect(text).toContain(item.contentEn);
      expect(text).toContain('AI-generated');
      expect(entry.categories.map((c) => c.term ?? c.label)).toEqual([item.type, item.code, 'ai-generated']);
    }
    // The upstream's place text is sent escaped as HTML, never as markup, and a reader gets the text back.
    expect(xml).toContain('&lt;翁田镇&gt; &amp; 沿海');
    expect(xml).not.toContain('<翁田镇>');
    expect(feed.items.find((entry) => entry.title?.includes('翁田镇'))?.title).toContain('<翁田镇> & 沿海');
  });

  it('filters by ?code= like /api/seo/news, and names the storm and its own address', async () => {
    const feed = parseFeed(await (await get(`${feedPath}?code=202699`)).text());
    expect(feed.items.map((entry) => entry.id)).toEqual(items.filter((item) => item.code === '202699').map(apiUrl));
    expect(feed.title).toContain('202699');
    expect(feed.self).toContain('?code=202699');
    expect(parseFeed(await (await get(`${feedPath}?code=nhc-al992030`)).text()).items).toEqual([]);
  });

  it("answers a malformed code with the web family's JSON error", async () => {
    for (const query of ['?code=abc', '?code=202411&code=202699', '?code=%3Cscript%3E']) {
      const response = await get(feedPath + query);
      expect(response.status, query).toBe(400);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await response.json()).toMatchObject({ error: { code: 40001, status: 400, message: expect.any(String) } });
    }
  });

  it('answers HEAD like GET without a body, and an empty store with an empty feed', async () => {
    const head = await get(feedPath, 'HEAD');
    expect(head.headers.get('content-type')).toBe(mediaType);
    expect(await head.text()).toBe('');
    process.env.TYPHOON_LIVE_DIR = path.join(scratch, 'empty');
    try {
      const feed = parseFeed(await (await get(feedPath)).text());
      expect(feed.items).toEqual([]);
      expect(feed.title).toBe('台风快讯 · Typhoon flash news');
    } finally {
      process.env.TYPHOON_LIVE_DIR = path.join(scratch, 'live');
    }
  });
});
