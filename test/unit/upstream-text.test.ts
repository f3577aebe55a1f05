/**
 * Upstream free text is data, never markup (src/model/upstream-text.ts, docs/data/upstream-text.md): the check itself,
 * character class by character class and kind by kind; then the whole way through the mock upstream: a scheduled
 * refresh over payloads carrying markup, links, a false all-clear and invisible characters in every name and
 * place publishes none of it in any answer, and lists each in the live data-quality document, inert.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../build/build-site.ts';
import { siteAssets } from '../../build/site-assets.ts';
import { readFlash } from '../../src/flash/flash-store.ts';
import { runScheduledRefresh, type ScheduledRunResult } from '../../src/jobs/scheduled-run.ts';
import { readSnapshot } from '../../src/live/snapshot.ts';
import { livePlacesTable } from '../../src/sources/places-table.ts';
import { fileStore } from '../../src/store/store.ts';
import { mergeTextProblems, MAX_PROBLEMS, readTextQuality, type LiveRejection } from '../../src/store/text-quality.ts';
import {
  checkCode,
  checkCycloneName,
  checkPlace,
  checkStormName,
  inertText,
  keep,
  normaliseText,
  reportedValue,
  type TextRejection,
} from '../../src/model/upstream-text.ts';
import { injectedTextPayloads, INJECTED_TEXT, mockUpstreamEnv, startMockUpstream, type MockUpstream } from '../helpers/mock.ts';
import { names } from '../helpers/names.ts';
import { FIXTURE_SOURCES } from '../helpers/sources.ts';
import { apiFunction } from '../helpers/functions.ts';
import { captureLogs } from '../helpers/logs.ts';
import { fixtureSite } from '../helpers/fixture-site.ts';

const PLACES = livePlacesTable();
const placeCheck = (raw: string) => checkPlace(raw, PLACES);
const zh = (raw: string | null, year = 2026) => checkStormName(raw, 'zh', year, names);
const en = (raw: string | null, year = 2026) => checkStormName(raw, 'en', year, names);
const reason = (checked: { rejection: { reason: string } | null }) => checked.rejection?.reason ?? null;

describe('normaliseText', () => {
  it.each([
    ['control characters (a next-line as a space)', 'A\u0000B\u0007C\u001bD\u007fE\u0085F', 'ABCDE F'],
    ['bidi embeddings, overrides and isolates', '\u202a福\u202b建\u202c沿\u202d海\u202e台\u2066风\u2067!\u2068?\u2069', '福建沿海台风!?'],
    ['bidi marks', 'A\u200eB\u200fC\u061cD', 'ABCD'],
    ['zero-width characters and the word joiner', '玛\u200b娃\u200c\u200d\u2060', '玛娃'],
    ['BOM, soft hyphen, variation selectors, Hangul filler', '\ufeffKONG\u00ad-REY\ufe0f\u3164', 'KONG-REY'],
    ['private-use and lone surrogates', '山\ue000竹\ud800', '山竹'],
    ['tabs, line breaks, no-break and ideographic spaces, collapsed and trimmed', ' \tFUNG\u00a0\n\u3000 WONG\r\n', 'FUNG WONG'],
    ['decomposed accents, to NFC', 'Ramo\u0301n', 'Ram\u00f3n'],
  ])('removes or folds %s', (_, raw, clean) => {
    expect(normaliseText(raw)).toBe(clean);
  });
});

describe('markup and links are rejected whole, never stripped', () => {
  it.each([
    ['<b>福建</b>'],
    ['福建<script>x</script>'],
    ['<!-- x -->福建'],
    ['< img src=x>'],
    ['福建 > 广东'],
    ['福建&lt;'],
    ['福建&#60;'],
    ['福建&#x3c;'],
    ['[福建](x)'],
    ['[福建][1]'],
    ['**福建**'],
    ['_福建_'],
    ['`福建`'],
    ['~~福建~~'],
  ])('markup: %s', (raw) => {
    expect(reason(placeCheck(raw))).toBe('markup');
    expect(placeCheck(raw).value).toBeNull();
  });

  it.each([
    ['https://evil.example'],
    ['福建 http://x.y'],
    ['javascript:alert(1)'],
    ['www.evil'],
    ['evil.example'],
    ['福建evil.example'],
    ['a@evil.example'],
    ['1.2.3.4'],
    ['evil。example'],
    ['evil．example'],
    ['e\u200bvil.example'],
  ])('link: %s', (raw) => {
    expect(reason(placeCheck(raw))).toBe('link');
  });

  it('rejects the attacker strings of every kind', () => {
    const place = INJECTED_TEXT.place;
    for (const checked of [placeCheck(place), zh(place), en(place), checkCycloneName(place), checkCode(place)]) {
      expect(checked.value).toBeNull();
      expect(['markup', 'link']).toContain(reason(checked));
    }
    expect(zh('预警解除无需撤离')).toMatchObject({ value: null, rejection: { reason: 'word' } });
    expect(en('ALL CLEAR NO NEED TO EVACUATE')).toMatchObject({ value: null, rejection: { reason: 'word' } });
    expect(checkCycloneName('ALL CLEAR NO NEED TO EVACUATE')).toMatchObject({ value: null });
    expect(checkCycloneName('ALL CLEAR')).toMatchObject({ value: null, rejection: { reason: 'word' } });
    expect(placeCheck('福建沿海，预警已解除，无需撤离')).toMatchObject({ value: null });
  });

  it('bounds the length, and does not read a huge value at all', () => {
    expect(reason(placeCheck('福'.repeat(40)))).toBe('shape');
    expect(reason(placeCheck('福'.repeat(41)))).toBe('length');
    expect(reason(zh('山竹山竹山竹山竹山'))).toBe('length');
    expect(placeCheck(`${'x'.repeat(5000)}<b>`).rejection).toMatchObject({
      reason: 'length',
      rule: expect.stringContaining('not read further'),
    });
  });
});

describe('NW-Pacific storm names', () => {
  it('of storms since 2000 are names of the table, in their language, as the table spells them or a variant', () => {
    expect(en('KONG-REY').value).toBe('KONG-REY');
    expect(en('Kong-rey').value).toBe('Kong-rey');
    expect(en('KONG REY').value).toBe('KONG REY');
    expect(en('kongrey').value).toBe('kongrey');
    expect(en('Mangkhut').value).toBe('Mangkhut');
    expect(en('NAMTHCUN').value).toBe('NAMTHCUN'); // a variant the table maps to NAMTHEUN
    expect(en('KILO').value).toBe('KILO'); // a central-Pacific crossover of the table's other names
    expect(zh('玛娃').value).toBe('玛娃');
    expect(zh(' 山竹 ').value).toBe('山竹');
    expect(zh('魔羯').value).toBe('魔羯'); // a variant of 摩羯
    expect(zh('基洛').value).toBe('基洛');
  });

  it('include every name of the table, in both languages: the shape rules and the reviewed words refuse none', () => {
    for (const entry of names.entries) {
      expect(en(entry.en).value, entry.en).toBe(entry.en);
      if (entry.zh) expect(zh(entry.zh).value, entry.zh).toBe(entry.zh);
    }
  });

  it('leave out a plausible name the table lacks, and a name in the other language', () => {
    expect(zh('演示台风')).toMatchObject({
      value: null,
      rejection: { kind: 'storm-name', reason: 'unlisted', rule: expect.stringContaining('needs a table update') },
    });
    expect(en('DEMO')).toMatchObject({ value: null, rejection: { reason: 'unlisted' } });
    expect(reason(zh('MANGKHUT'))).toBe('shape');
    expect(reason(en('山竹'))).toBe('shape');
    expect(reason(en('TWELVE'))).toBe('unlisted');
  });

  it('give null without a report for the placeholders', () => {
    for (const raw of [null, '', ' ', '-', '未名', '未命名', '热带低压', 'NAMELESS', 'nameless', '\u200b']) {
      expect(zh(raw)).toEqual({ value: null, rejection: null });
      expect(en(raw)).toEqual({ value: null, rejection: null });
    }
  });

  it('of storms before 2000 (old lists the table does not hold) and best-track notations are checked by shape', () => {
    expect(en('Carmen', 1960).value).toBe('Carmen');
    expect(en('Ida(1)(2)', 1958).value).toBe('Ida(1)(2)');
    expect(en('Faye(Gloria)', 1971).value).toBe('Faye(Gloria)');
    expect(en('Lucretia_Nancy', 1950).value).toBe('Lucretia_Nancy');
    expect(reason(en('ALL CLEAR', 1960))).toBe('word');
    expect(reason(en('Tess 2', 1960))).toBe('shape');
    // Since 2000 every name of a merged entry must be listed.
    expect(en('Bebinca(Pulasan)').value).toBe('Bebinca(Pulasan)');
    expect(reason(en('Bebinca(Test)'))).toBe('unlisted');
  });
});

describe('other kinds', () => {
  it('cyclone names: Latin letters, at most two words, hyphens, apostrophes, merged and split storms', () => {
    for (const name of ['Melissa', 'MELISSA', 'TWELVE', 'KAREN/LUCILLE', "O'NEIL", 'Ram\u00f3n', 'Kong-rey', 'Lucretia_Nancy', 'IONE-1']) {
      expect(checkCycloneName(name).value, name).toBe(name);
    }
    for (const name of ['THREE WORD NAME', 'NAME1', 'IONE-12', 'IONE-', '山竹', 'A,B', 'x'.repeat(31)])
      expect(checkCycloneName(name).value, name).toBeNull();
    expect(checkCycloneName('  ')).toEqual({ value: null, rejection: null });
  });

  it('places: in a shape of the reviewed place table; no digits, no sentence punctuation, no clause, no reviewed word', () => {
    for (const place of [
      '浙江省.宁波市.象山县.象山县街道',
      '上海.上海市.崇明县.',
      '广东省.湛江市.徐闻县.新寮',
      '菲律宾吕宋岛东北部沿海（演示）',
      '海南文昌沿海',
      '浙江舟山市朱家尖镇沿海',
      '台湾台东县太麻里乡沿海',
      '越南河静省和广治省交界附近沿海',
      '中朝交界附近的朝鲜平安北道沿海',
      'Luzon',
      'the Luzon Strait',
    ]) {
      expect(placeCheck(place).value, place).toBe(place);
    }
    expect(placeCheck('福建\u202e沿海').value).toBe('福建沿海');
    for (const place of [
      '福建1号',
      '福建，沿海',
      '福建沿海。',
      'Go home. All fine',
      'One two three four five',
      '福建安全',
      'Safe Harbor',
      'Clearwater',
      // A sentence in brackets, or as a name the table does not know, is no place.
      '浙江温州（台风已减弱为热带低压）',
      '福建沿海（本次登陆为误报）',
      '浙江温州（已减弱）',
      '浙江温州已减弱',
      '台风已减弱为热带低压',
      '福建本次登陆为误报镇',
      'Wenzhou Now Totally Harmless',
      '阿拉斯加·安克雷奇',
      "Xi'an",
      // A path begins with a place of the table, and only its last level may lack a suffix.
      '误报.温州市',
      '浙江省.已减弱.温州市',
    ]) {
      expect(placeCheck(place), place).toMatchObject({ value: null, rejection: { kind: 'place' } });
    }
  });

  it('codes: 1–8 letters and digits', () => {
    for (const code of ['HU', 'TS', 'SuperT', '5']) expect(checkCode(code).value).toBe(code);
    for (const code of ['<b>', 'H U', 'ALERT', 'TOOLONGCODE']) expect(checkCode(code).value).toBeNull();
  });
});

describe('reports', () => {
  it('show a rejected value inert: every character but letters, digits and spaces escaped', () => {
    const shown = inertText(INJECTED_TEXT.place);
    expect(shown).toBe(
      '\\u{202e}\\u{3c}script\\u{3e}alert\\u{28}1\\u{29}\\u{3c}\\u{2f}script\\u{3e}福建\\u{200b} https\\u{3a}\\u{2f}\\u{2f}evil\\u{2e}example 预警已解除\\u{ff0c}无需撤离',
    );
    expect(shown).not.toMatch(/[<>&\u202e\u200b]|:\/\/|evil\.example/);
    expect(reportedValue('x'.repeat(130))).toBe(`${'x'.repeat(120)} (first 120 of 130 characters)`);
  });

  it('list a value once per field and storm, with where it was first seen', () => {
    const rejected: TextRejection[] = [];
    for (const line of [3, 9]) keep(checkCycloneName('<b>X</b>'), rejected, { field: 'STORMNAME', line });
    keep(checkCycloneName('<b>X</b>'), rejected, { field: 'STORMNAME', storm: 'AL132025', line: 12 });
    expect(rejected.map((r) => [r.field, r.storm, r.line])).toEqual([
      ['STORMNAME', null, 3],
      ['STORMNAME', 'AL132025', 12],
    ]);
  });

  it('keep the last MAX_PROBLEMS distinct problems in the live document, with first and last seen', () => {
    const rejection = (value: string): LiveRejection => ({
      source: 'zj-live',
      storm: '202699',
      field: 'name',
      line: null,
      kind: 'storm-name',
      value,
      reason: 'unlisted',
      rule: 'r',
    });
    const first = mergeTextProblems(
      { problems: [], faults: [] },
      [rejection('A'), rejection('A'), rejection('<B>')],
      '2026-08-23T02:00:00+08:00',
    );
    expect(first.problems.map((p) => [p.value, p.seen])).toEqual([
      ['A', 1],
      ['\\u{3c}B\\u{3e}', 1],
    ]);
    const again = mergeTextProblems(first, [rejection('A')], '2026-08-23T02:15:00+08:00');
    expect(again.problems[0]).toMatchObject({
      value: 'A',
      firstSeenAt: '2026-08-23T02:00:00+08:00',
      lastSeenAt: '2026-08-23T02:15:00+08:00',
      seen: 2,
      action: 'name left out (null)',
    });
    const many = Array.from({ length: MAX_PROBLEMS + 5 }, (_, i) => rejection(`N${i}`));
    expect(mergeTextProblems(again, many, '2026-08-23T02:30:00+08:00').problems).toHaveLength(MAX_PROBLEMS);
  });
});

describe('the archive build over injected text', () => {
  it('leaves out names and places that fail, lists each in the data-quality report, inert, and publishes none of it', async () => {
    const root = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'typhoon-upstream-text-archive-'));
    const sourcesDir = path.join(root, 'sources');
    await fs.promises.cp(FIXTURE_SOURCES, sourcesDir, { recursive: true });
    const rewrite = async (file: string, from: string, to: string) => {
      const text = await fs.promises.readFile(path.join(sourcesDir, file), 'utf8');
      expect(text, file).toContain(from);
      await fs.promises.writeFile(path.join(sourcesDir, file), text.replace(from, to));
    };
    await rewrite('zj/202411.json', '"name":"魔羯"', `"name":${JSON.stringify(INJECTED_TEXT.nameZh)}`);
    await rewrite('zj/202411.json', '"position":"海南文昌沿海"', `"position":${JSON.stringify(INJECTED_TEXT.place)}`);
    await rewrite('cma-bst/CH2024BST.txt', 'YAGI\t\t', 'DEMO\t\t'); // ASCII only: a name the table lacks
    await rewrite('agencies/jma/bst_all.txt', '            YAGI', '<b>EVIL</b>     '); // the name's columns kept
    const publicDir = path.join(root, 'public');
    await buildSite({ sourcesDir, publicDir, force: true });

    const report = JSON.parse(await fs.promises.readFile(path.join(publicDir, 'api/_data/data-quality.json'), 'utf8'));
    const text = report.problems.filter((p: { code: string }) => /^(name-unlisted|text-)/.test(p.code));
    expect(text).toEqual([
      {
        code: 'text-markup-or-link',
        file: 'agencies/jma/bst_all.txt',
        field: 'line 1: name',
        value: '\\u{3c}b\\u{3e}EVIL\\u{3c}\\u{2f}b\\u{3e}',
        rule: expect.stringContaining('no markup'),
        action: 'name left out (null) for 2411',
      },
      {
        code: 'name-unlisted',
        file: 'cma-bst/CH2024BST.txt',
        field: 'line 1: name',
        value: 'DEMO',
        rule: expect.stringContaining('needs a table update'),
        action: 'name left out (null)',
      },
      {
        code: 'text-implausible',
        file: 'zj/202411.json',
        field: 'name',
        value: INJECTED_TEXT.nameZh,
        rule: expect.stringContaining('预警'),
        action: 'name left out (null) for 202411',
      },
      {
        code: 'text-markup-or-link',
        file: 'zj/202411.json',
        field: 'land[0].position',
        value: inertText(INJECTED_TEXT.place),
        rule: expect.any(String),
        action: 'place left out ("") for 202411',
      },
    ]);
    expect(report.counts).toMatchObject({ 'name-unlisted': 1, 'text-markup-or-link': 2, 'text-implausible': 1 });
    expect(JSON.stringify(report)).not.toMatch(/[<>\u202e\u200b]|:\/\/|\\u003c/i);

    // Every file the build wrote from data: not the third-party files it copies as they are (a font's bytes may read "<b>").
    const copied = new Set(siteAssets().map((f) => path.join(publicDir, f.file)));
    const files = (await fs.promises.readdir(publicDir, { recursive: true, withFileTypes: true })).filter(
      (e) => e.isFile() && e.name !== 'data-quality.json' && !copied.has(path.join(e.parentPath, e.name)),
    );
    expect(files.length).toBeGreaterThan(50);
    for (const entry of files) {
      const body = await fs.promises.readFile(path.join(entry.parentPath, entry.name), 'utf8');
      for (const part of ['预警解除无需撤离', '预警已解除', 'evil', 'EVIL', '<b>', '\\u003cb', '\u202e', '\u200b', 'DEMO'])
        expect(body.includes(part), `${entry.name} carries ${JSON.stringify(part)}`).toBe(false);
    }
    await fs.promises.rm(root, { recursive: true, force: true });
  }, 60_000);
});

describe('through the mock upstream: a scheduled refresh over injected text', () => {
  // The run reports the mock's JMA typhoon, which no storm of the injected list is, as held: its test's to read.
  const logs = captureLogs();
  let mock: MockUpstream;
  let root = '';
  let result: ScheduledRunResult;
  const saved = { ...process.env };
  const NOWHERE = [
    INJECTED_TEXT.nameZh,
    INJECTED_TEXT.nameEn,
    '预警已解除',
    '预警解除',
    '撤离',
    'ALL CLEAR',
    'ALL_CLEAR',
    'evil',
    '<script',
    'alert(',
    '\u202e',
    '\u200b',
    '台风已减弱为热带低压',
    '误报',
    'Harmless',
    '作废',
  ];

  const FUNCTIONS = [
    'live-typhoons',
    'typhoon-lookup',
    'global-typhoons',
    'global-typhoon',
    'seo-news',
    'flash-list',
    'flash-item',
    'flash-feed',
    'llm-summary',
    'bootstrap',
  ] as const;
  const handlers: Record<string, (req: Request) => Promise<Response>> = {};

  beforeAll(async () => {
    mock = await startMockUpstream({ recordedDir: '/nonexistent' });
    for (const [route, body] of Object.entries(injectedTextPayloads())) mock.setPayload(route, body);
    root = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'typhoon-upstream-text-'));
    Object.assign(process.env, mockUpstreamEnv(mock), {
      TYPHOON_PUBLIC_DIR: await fixtureSite(),
      TYPHOON_LIVE_DIR: path.join(root, 'live'),
    });
    for (const name of FUNCTIONS) handlers[name] = await apiFunction(name);
    result = await runScheduledRefresh({
      store: fileStore(path.join(root, 'live')),
      upstreams: mock.addresses,
      llm: null,
      now: new Date('2026-08-22T18:10:00Z'),
    });
  }, 60_000);

  afterAll(async () => {
    process.env = saved;
    await mock.close();
    await fs.promises.rm(root, { recursive: true, force: true });
  });

  it('publishes the storms with their names and the landfall place left out, and counts what it left out', async () => {
    expect(logs.all().filter((line) => !line.startsWith('live data quality: jma forecasts/'))).toEqual([]);
    expect(result.typhoons).toMatchObject({ ok: true, source: 'zj-live', typhoons: 1 });
    expect(result.typhoons.rejectedText).toBe(9); // zj: name, enname, four places, a forecast agency; NMC: both names
    expect(result.global).toMatchObject({ nhc: { ok: true }, jtwc: { ok: true } });
    expect(result.global.rejectedText).toBe(6); // NHC: name, classification, the b-deck's STORMNAME and TY; JTWC: RSS and .tcw names
    const storm = (await readSnapshot(fileStore(path.join(root, 'live'))))?.typhoons[0];
    expect(storm).toMatchObject({
      code: '202699',
      name: null,
      enname: null,
      land: ['2026-08-22T23:30', '2026-08-22T23:40', '2026-08-22T23:50', '2026-08-23T00:00'].map((time) => ({
        time: `${time}:00+08:00`,
        position: '',
        positionEn: '',
      })),
    });
    // The forecast whose agency's label is a claim is left out; the others are kept.
    expect(Object.keys(storm?.forecasts ?? {}).sort()).toEqual(['cma', 'cwa', 'hko', 'jtwc']);
    const landfall = (await readFlash(fileStore(path.join(root, 'live')))).find((item) => item.type === 'landfall');
    expect(landfall?.content).toContain('在沿海登陆');
  });

  it('answers nothing of the injected text anywhere: typhoons, detail, global, flash, news, feeds, summary, bootstrap', async () => {
    const flashIds = (await readFlash(fileStore(path.join(root, 'live')))).map((item) => item.id);
    expect(flashIds.length).toBeGreaterThan(0);
    const requests: [string, string][] = [
      ['live-typhoons', '/api/typhoons'],
      ['live-typhoons', '/api/v1/typhoons'],
      ['typhoon-lookup', '/api/typhoons/202699'],
      ['typhoon-lookup', '/api/v1/typhoons/202699'],
      ['global-typhoons', '/api/global/typhoons'],
      ['global-typhoon', '/api/global/typhoons/nhc-al132025'],
      ['global-typhoon', '/api/global/typhoons/jtwc-sh062024'],
      ['flash-list', '/api/v1/flash'],
      ...flashIds.map((id): [string, string] => ['flash-item', `/api/v1/flash/${id}`]),
      ['seo-news', '/api/seo/news'],
      ['flash-feed', '/feeds/flash.xml'],
      ['flash-feed', '/feeds/flash.atom'],
      ['llm-summary', '/api/llm/summary'],
      ['bootstrap', '/api/v1/bootstrap'],
    ];
    for (const [fn, url] of requests) {
      const response = await (handlers[fn] as (req: Request) => Promise<Response>)(new Request(`http://localhost${url}`));
      expect(response.status, url).toBe(200);
      const body = await response.text();
      for (const part of NOWHERE) expect(body.includes(part), `${url} carries ${JSON.stringify(part)}`).toBe(false);
      // The feeds carry their items as escaped HTML (`&lt;p lang=…`); an injected tag would show as `&lt;script` or `&lt;i`.
      if (url.startsWith('/feeds/')) expect(body, url).not.toMatch(/&lt;(?:script|i&gt;)|&amp;lt;|<script|<i>/);
      else expect(body, url).not.toMatch(/<|\\u003c/i);
    }
  });

  it('lists every rejected value in the live data-quality document, inert', async () => {
    const { problems } = await readTextQuality(fileStore(path.join(root, 'live')));
    expect(problems.map((p) => `${p.source} ${p.storm} ${p.field} ${p.reason}`).sort()).toEqual([
      'jtwc sh062024 name markup',
      'jtwc sh062024 title link',
      'nhc al132025 STORMNAME word',
      'nhc al132025 TY markup',
      'nhc al132025 activeStorms[0].classification markup',
      'nhc al132025 activeStorms[0].name word',
      'nmc 202699 typhoon[1] word',
      'nmc 202699 typhoon[2] word',
      'zj-live 202699 enname word',
      'zj-live 202699 forecast.tm unlisted',
      'zj-live 202699 land[0].landaddress markup',
      'zj-live 202699 land[1].landaddress shape',
      'zj-live 202699 land[2].landaddress shape',
      'zj-live 202699 land[3].landaddress shape',
      'zj-live 202699 name word',
    ]);
    for (const problem of problems) {
      expect(problem).toMatchObject({ firstSeenAt: '2026-08-23T02:10:00+08:00', lastSeenAt: '2026-08-23T02:10:00+08:00', seen: 1 });
      expect(problem.value).not.toMatch(/[<>&\u202e\u200b]|:\/\//);
    }
    expect(problems.find((p) => p.field === 'land[0].landaddress')?.value).toBe(inertText(INJECTED_TEXT.place));
  });
});
