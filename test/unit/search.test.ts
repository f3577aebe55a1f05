/**
 * History search: what a keyword means (codes, a name with a year, grade words), the pinyin keys the build
 * stores, the ranking, and a table of what people type → the storms they mean, over the demo archive (a plain
 * clone; over the real archive: test/real-data/search.test.ts). The index is built by the build's own code.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { pinyinKeys } from '../../src/archive/search-index.ts';
import { compareNotability, MAX_SEARCH_RESULTS, searchArchive } from '../../src/archive/search.ts';
import { nameKey, parseKeyword } from '../../src/archive/search-query.ts';
import { DEMO_SOURCES_DIR } from '../../src/config/paths.ts';
import type { SearchEntry } from '../../src/model/typhoon-schemas.ts';
import { checkCases, codes, indexOf } from '../helpers/search-cases.ts';
import { awaitSharedBuild } from '../helpers/shared-build.ts';
import { unlinkedIds } from '../../src/model/storm-ids.ts';

describe('what a keyword asks for', () => {
  it.each([
    ['202411', { code: '202411', name: '', year: null }],
    ['1967c05', { code: '1967C05', name: '', year: null }],
    ['197920-1', { code: '197920-1', name: '', year: null }],
    ['Haiyan 2013', { name: 'haiyan', year: 2013 }],
    ['2013 海燕', { name: '海燕', year: 2013 }],
    ['2013海燕', { name: '海燕', year: 2013 }],
    ['台风摩羯', { name: '摩羯', year: null }],
    ['超强台风 山竹 2018', { name: '山竹', year: 2018 }],
    ['海燕台风', { name: '海燕', year: null }],
    ['Super Typhoon Haiyan', { name: 'haiyan', year: null }],
    ['tropical storm Kong-rey', { name: 'kongrey', year: null }],
    ['ｙａｇｉ', { name: 'yagi', year: null }],
    ['台风', { name: '台风', year: null }],
  ])('%s', (keyword, expected) => {
    expect(parseKeyword(keyword)).toMatchObject(expected);
  });

  it('compares names without case, spaces, hyphens, tone marks or tone numbers', () => {
    for (const spelling of ['weimaxun', 'Wei Ma Xun', 'wēi mǎ xùn', 'wei1 ma3 xun4', "wei'ma'xun"])
      expect(nameKey(spelling)).toBe('weimaxun');
    expect(nameKey('KONG-REY')).toBe('kongrey');
    expect(nameKey('lǜ')).toBe('lv');
  });
});

describe('the pinyin keys the build stores', () => {
  it('reads a name in context, and every reading of its polyphones', () => {
    expect(pinyinKeys('威马逊')).toEqual(['weimaxun']);
    expect(pinyinKeys('灿都')).toEqual(expect.arrayContaining(['candou', 'candu']));
    expect(pinyinKeys('摩羯')[0]).toBe('mojie');
  });
});

describe('ranking', () => {
  const entry = (code: string, over: Partial<SearchEntry>): SearchEntry => ({
    code,
    name: null,
    enname: null,
    year: Number(code.slice(0, 4)),
    startTime: `${code.slice(0, 4)}-08-01T08:00:00+08:00`,
    endTime: `${code.slice(0, 4)}-08-05T08:00:00+08:00`,
    peakGrade: 'TY',
    peakStrong: '台风',
    maxSpeed: 40,
    minPressure: 960,
    windPeriod: '2min',
    landRecorded: true,
    landfalls: 0,
    retiredName: false,
    ids: unlinkedIds(code),
    aliases: [],
    pinyin: [],
    ...over,
  });
  const named = (code: string, over: Partial<SearchEntry> = {}) =>
    entry(code, { name: '示例', enname: 'SAMPLE', pinyin: ['shili'], ...over });
  const index = [
    named('200101'),
    named('200501', { minPressure: 930 }),
    named('200901', { minPressure: 930, landfalls: 2 }),
    named('201301', { retiredName: true, minPressure: 970 }),
    named('201701', { minPressure: 930, landfalls: 2 }),
    entry('201801', { name: '沙帕', enname: 'SHILI', pinyin: ['shapa'] }),
    entry('201901', { name: '三百', enname: 'SAMPLES', pinyin: ['sanbai'] }),
  ];

  it('puts the storm that retired the name first, then the stronger, then more landfalls, then the newer', () => {
    expect(codes(searchArchive(index, 'sample'))).toEqual(['201301', '201701', '200901', '200501', '200101', '201901']);
    expect([...index].sort(compareNotability)[0]?.code).toBe('201301');
  });

  it('lets a year choose among the storms of a name', () => {
    expect(codes(searchArchive(index, 'sample 2005'))).toEqual(['200501']);
    expect(codes(searchArchive(index, '2009 示例'))).toEqual(['200901']);
    expect(searchArchive(index, 'sample 2020')).toEqual([]);
  });

  it('ranks an exact name above the same letters as pinyin, and a prefix below both', () => {
    const hits = searchArchive(index, 'shili');
    expect(hits.map((h) => `${h.code}:${h.matchedBy}`).slice(0, 2)).toEqual(['201801:name', '201301:pinyin']);
  });

  it('tries near misses only when nothing else matches the name', () => {
    expect(searchArchive(index, 'sampla').map((h) => h.matchedBy)).toEqual(Array(5).fill('fuzzy'));
    expect(searchArchive(index, 'samples').map((h) => h.code)).toEqual(['201901']);
    expect(searchArchive(index, 'smpl')).toEqual([]);
  });

  it("finds a storm by any agency's id, whole and in any case, ahead of the codes it is a prefix of", () => {
    const linked = entry('202020', {
      enname: 'LINKED',
      ids: { cma: '202020', jma: '2020', jtwc: 'wp222020', hko: '2020-0021', ibtracs: '2020290N12130' },
    });
    const list = [...index, linked, entry('202001', {})];
    for (const id of ['2020', 'WP222020', 'wp222020', '2020-0021', '2020290n12130']) {
      expect(searchArchive(list, id)[0], id).toMatchObject({ code: '202020', matchedBy: 'id', ids: { jtwc: 'wp222020' } });
    }
    expect(codes(searchArchive(list, '2020'))).toEqual(['202020', '202001']);
    expect(searchArchive(list, 'wp2220')).toEqual([]);
  });

  it('answers at most 50, code prefixes newest first', () => {
    const many = Array.from({ length: 80 }, (_, i) => entry(`19${String(i + 10).padStart(2, '0')}01`, {}));
    const hits = searchArchive(many, '19');
    expect(hits).toHaveLength(MAX_SEARCH_RESULTS);
    expect(hits[0]).toMatchObject({ code: '198901', matchedBy: 'code' });
    expect(hits[0]).not.toHaveProperty('pinyin');
  });
});

describe('search over the demo archive', () => {
  let index: SearchEntry[] = [];
  awaitSharedBuild(DEMO_SOURCES_DIR);
  beforeAll(async () => {
    index = await indexOf(DEMO_SOURCES_DIR);
  });

  checkCases(
    () => index,
    [
      { query: 'weimaxun', first: ['201409'], only: true, matchedBy: 'pinyin' },
      { query: 'wei ma xun', first: ['201409'], only: true, matchedBy: 'pinyin' },
      { query: 'haiyan', first: ['201330'], only: true, matchedBy: 'name' },
      { query: 'Haiyen', first: ['201330'], only: true, matchedBy: 'fuzzy' },
      { query: '2013 海燕', first: ['201330'], only: true, matchedBy: 'name' },
      { query: '台风格美', first: ['202403'], only: true, matchedBy: 'name' },
      { query: 'gemei', first: ['202403'], only: true, matchedBy: 'pinyin' },
      { query: '魔羯', first: ['202411'], only: true, matchedBy: 'name' },
      { query: 'YaGi', first: ['202411'], only: true, matchedBy: 'name' },
      { query: '202411', first: ['202411'], only: true, matchedBy: 'code' },
      { query: '2024', first: ['202411', '202403'], only: true, matchedBy: 'code' },
    ],
  );

  it('keeps a year to its storms', () => {
    expect(searchArchive(index, 'Haiyan 2014')).toEqual([]);
  });
});
