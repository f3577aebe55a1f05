/**
 * Flash news: a storm's whole life replayed through the mock upstream gives each expected item exactly once;
 * the summary's numbers all come from the data; a language model's rewording is kept only when it passes the
 * check (test/unit/llm.test.ts tries every misbehaviour).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import fs from 'fs-extra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insideWarningLine48h } from '../../src/flash/events.ts';
import { readFlash, recordFlash } from '../../src/flash/flash-store.ts';
import { rewrite, type LlmConfig } from '../../src/flash/llm.ts';
import { recordEvents } from '../../src/flash/record-events.ts';
import { fill } from '../../src/flash/slotted-text.ts';
import { writeFlash } from '../../src/flash/writer.ts';
import { OWN_PAYLOADS, startMockUpstream, type MockUpstream } from '../helpers/mock.ts';
import { refreshLive } from '../../src/live/refresh-typhoons.ts';
import type { LiveUpstreams } from '../../src/upstream/addresses.ts';
import { readLiveView } from '../../src/live/snapshot.ts';
import { fileStore } from '../../src/store/store.ts';
import { createUpstreamClient } from '../../src/upstream/client.ts';
import { parseZjTime } from '../../src/upstream/zj-service.ts';
import { apiFunction } from '../helpers/functions.ts';
import { captureLogs } from '../helpers/logs.ts';

/** A rejected rewording is logged: kept here, not printed. */
captureLogs();

const handleLlmSummary = await apiFunction('llm-summary');

let mock: MockUpstream;
let upstreams: LiveUpstreams;
let llmServer: http.Server;
let llm: LlmConfig;
let llmMode: 'faithful' | 'invented' | 'broken' = 'faithful';

/** The numbers in a text, normalised (`62.0` and `62` are the same number). */
const numbersIn = (text: string) => new Set([...text.normalize('NFKC').matchAll(/\d+(?:\.\d+)?/g)].map((m) => String(Number(m[0]))));
/** Every number of `candidate` appears in `source`. */
const keepsNumbers = (candidate: string, source: string) => [...numbersIn(candidate)].every((n) => numbersIn(source).has(n));
/** A faithful rewording: the same clauses, one more connective. */
const reworded = (pattern: string) => pattern.replace('，{pressure}', '，其{pressure}').replace(' and {pressure}', ', and {pressure}');

beforeAll(async () => {
  mock = await startMockUpstream();
  upstreams = { zjBase: mock.zjBase, nmcBase: mock.nmcBase, client: createUpstreamClient({ retries: 0 }) };
  // A loopback stand-in for an OpenAI-compatible endpoint.
  llmServer = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      // The pattern to reword arrives as data: a JSON object in the user message (src/flash/llm.ts).
      const pattern = JSON.parse(JSON.parse(body).messages[1].content).pattern as string;
      if (llmMode === 'broken') return res.writeHead(500).end('{}');
      const content = llmMode === 'faithful' ? reworded(pattern) : `${pattern}预计最大风速将达99米/秒。`;
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { content } }] }));
    });
  });
  await new Promise<void>((resolve) => llmServer.listen(0, '127.0.0.1', resolve));
  llm = { baseUrl: `http://127.0.0.1:${(llmServer.address() as AddressInfo).port}/v1`, apiKey: 'test', model: 'stub' };
});
afterAll(async () => {
  await mock.close();
  await new Promise<void>((resolve) => llmServer.close(() => resolve()));
});

describe('a storm life replayed', () => {
  it('yields numbered, five upgrades, the 48-hour line, the landfall and the dissipation, each exactly once', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-flash-'));
    const store = fileStore(dir);
    const info = await fs.readJson(path.join(OWN_PAYLOADS, 'zj', 'TyphoonInfo_202699.json'));
    const activity = await fs.readFile(path.join(OWN_PAYLOADS, 'zj', 'TyhoonActivity.json'), 'utf8');
    // Each refresh runs half an hour after the newest point it sees (refreshes are told the time, so that the
    // end rule's "six hours since the last point" is measured on the storm's own clock).
    const pointTime = (k: number) => parseZjTime(info.points[k].time).getTime();
    const cycle = async (at: number) => {
      await refreshLive(upstreams, store, new Date(at));
      await recordEvents(store, null);
    };
    const stage = async (k: number, minutes = 30) => {
      const points = info.points.slice(0, k + 1);
      const land = k === info.points.length - 1 ? info.land : [];
      mock.setPayload('zj/TyphoonInfo/202699', JSON.stringify({ ...info, points, land }));
      await cycle(pointTime(k) + minutes * 60_000);
    };
    for (let k = 0; k < info.points.length; k += 1) {
      await stage(k);
      if (k === 4) await stage(k, 45); // the same data again
      if (k === 6) {
        mock.setFault('5xx'); // both upstreams down for a cycle
        await cycle(pointTime(k) + 45 * 60_000);
        mock.setFault(null);
      }
    }
    // The end: the storm leaves the active list. It has ended once it has been missing from three refreshes in
    // a row and its last point is six hours old; two refreshes without it (an hour after its last point) are not an end.
    const last = pointTime(info.points.length - 1);
    mock.setPayload('zj/TyhoonActivity', '[]');
    await cycle(last + 60 * 60_000);
    await cycle(last + 75 * 60_000);
    expect((await readFlash(store)).filter((i) => i.type === 'dissipated')).toEqual([]);
    await cycle(last + 7 * 3600_000);
    await cycle(last + 8 * 3600_000);
    mock.setPayload('zj/TyhoonActivity', activity);
    mock.setPayload('zj/TyphoonInfo/202699', JSON.stringify(info));

    const items = await readFlash(store);
    const summary = items.map((i) => `${i.type}:${i.title}`).sort();
    expect(summary).toEqual([
      'dissipated:“山竹”停止编号',
      'landfall:“山竹”登陆菲律宾吕宋岛东北部沿海（演示）',
      // The fixture's first point, under its China number, is a tropical depression: the words follow the grade.
      'numbered:热带低压“山竹”生成',
      'upgraded:“山竹”加强为台风',
      'upgraded:“山竹”加强为强台风',
      'upgraded:“山竹”加强为强热带风暴',
      'upgraded:“山竹”加强为热带风暴',
      'upgraded:“山竹”加强为超强台风',
      'warning-48h:“山竹”进入48小时警戒线',
    ]);
    expect(items.find((i) => i.type === 'dissipated')).toMatchObject({ time: '2026-08-23T02:00:00+08:00' });
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
    for (const item of items) expect(item).toMatchObject({ code: '202699', aiGenerated: true, generator: 'template' });
    await fs.remove(dir);
  });

  it('knows the 48-hour warning line', () => {
    expect(insideWarningLine48h(15.8, 131.7)).toBe(true);
    expect(insideWarningLine48h(15.1, 133.0)).toBe(false);
    expect(insideWarningLine48h(5, 125)).toBe(false); // the line runs from 0°N 120°E to 15°N 132°E
    expect(insideWarningLine48h(5, 121)).toBe(true);
    expect(insideWarningLine48h(36, 120)).toBe(false);
  });
});

describe('the live summary', () => {
  it('uses only numbers that are in the data it describes', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-summary-'));
    process.env.TYPHOON_LIVE_DIR = dir;
    await refreshLive(upstreams, fileStore(dir));
    const response = await handleLlmSummary(new Request('http://localhost/api/llm/summary'));
    const body = (await response.json()) as { summary: string; summaryEn: string };
    const data = JSON.stringify(await readLiveView(fileStore(dir)));
    expect(numbersIn(body.summary).size).toBeGreaterThan(5);
    expect(keepsNumbers(body.summary, data)).toBe(true);
    expect(keepsNumbers(body.summaryEn, data)).toBe(true);
    await fs.remove(dir);
  });
});

describe('language-model rewording', () => {
  const point = {
    time: '2026-08-23T02:00:00+08:00',
    lat: 20.4,
    lng: 124.4,
    strong: '超强台风',
    grade: 'SuperTY' as const,
    power: 16,
    speed: 52,
    pressure: 935,
    moveDir: 'NW',
    moveSpeed: 19,
    radius7: null,
    radius10: null,
    radius12: null,
  };
  const event = (key: string) => ({
    key,
    type: 'numbered' as const,
    code: '202699',
    time: point.time,
    storm: { name: '演示台风', enname: 'DEMO' },
    point,
  });
  const { content } = writeFlash(event('numbered:x'));

  it('keeps a rewording that passes the check, filled with the template clauses', async () => {
    llmMode = 'faithful';
    expect(await rewrite(content, 'zh', llm)).toEqual({ text: fill(content, reworded(content.pattern)), generator: 'llm' });
    expect(fill(content, reworded(content.pattern))).toContain('，其中心最低气压935百帕');
  });

  it('falls back to the template text when the model invents a number, fails, or is not configured', async () => {
    const text = fill(content);
    llmMode = 'invented';
    expect(await rewrite(content, 'zh', llm)).toEqual({ text, generator: 'template' });
    llmMode = 'broken';
    expect(await rewrite(content, 'zh', llm)).toEqual({ text, generator: 'template' });
    expect(await rewrite(content, 'zh', null)).toEqual({ text, generator: 'template' });
    expect(await rewrite(content, 'zh', { ...llm, baseUrl: 'http://127.0.0.1:9' })).toEqual({ text, generator: 'template' });
  });

  it('marks flash items written by the model, and only those', async () => {
    const store = fileStore(await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-llm-')));
    llmMode = 'faithful';
    const [kept] = await recordFlash(store, [event('numbered:a')], llm);
    llmMode = 'invented';
    const [fellBack] = await recordFlash(store, [event('numbered:b')], llm);
    expect(kept).toMatchObject({ generator: 'llm', aiGenerated: true });
    expect(kept?.content).toContain('，其中心最低气压935百帕');
    expect(fellBack).toMatchObject({ generator: 'template', aiGenerated: true, content: fill(content) });
    expect(fellBack?.content).not.toContain('99米/秒');
  });
});
