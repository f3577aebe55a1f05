/**
 * History search over the real archive: a table of what people type → the storms they mean, and the whole index's
 * pinyin and year prefixes. What a keyword means, the keys and the ranking: test/unit/search.test.ts.
 */
import { beforeAll, expect, it } from 'vitest';
import { MAX_SEARCH_RESULTS, searchArchive } from '../../src/archive/search.ts';
import type { SearchEntry } from '../../src/model/typhoon-schemas.ts';
import { describeRealData } from '../helpers/real-data.ts';
import { checkCases, codes, indexOf } from '../helpers/search-cases.ts';
import { awaitSharedBuild } from '../helpers/shared-build.ts';

describeRealData('archive', 'search over the real archive', (sources) => {
  let index: SearchEntry[] = [];
  awaitSharedBuild(sources);
  beforeAll(async () => {
    index = await indexOf(sources);
  }, 60_000);

  checkCases(
    () => index,
    [
      { query: 'weimaxun', first: ['201409', '200802', '200205'], only: true, matchedBy: 'pinyin' },
      { query: 'wei ma xun', first: ['201409'], matchedBy: 'pinyin' },
      { query: 'wēi mǎ xùn', first: ['201409'], matchedBy: 'pinyin' },
      { query: 'haiyan', first: ['201330'], matchedBy: 'name' },
      { query: 'Haiyen', first: ['201330'], matchedBy: 'fuzzy' },
      { query: 'Haiyan 2013', first: ['201330'], only: true, matchedBy: 'name' },
      { query: '2013 海燕', first: ['201330'], only: true, matchedBy: 'name' },
      { query: 'super typhoon Haiyan', first: ['201330'], matchedBy: 'name' },
      { query: 'Yagi', first: ['202411'], matchedBy: 'name' },
      { query: '摩羯', first: ['202411'], matchedBy: 'name' },
      { query: '台风摩羯', first: ['202411'], matchedBy: 'name' },
      { query: 'mojie', first: ['202411'], matchedBy: 'pinyin' },
      { query: 'tropical storm yagi', first: ['202411'], matchedBy: 'name' },
      { query: 'Rammasun 2014', first: ['201409'], only: true, matchedBy: 'name' },
      { query: '2014 威马逊', first: ['201409'], only: true, matchedBy: 'name' },
      { query: '台风山竹', first: ['201822', '201310'], only: true, matchedBy: 'name' },
      { query: 'mangkhut', first: ['201822'], matchedBy: 'name' },
      { query: 'Mangkut', first: ['201822'], matchedBy: 'fuzzy' },
      { query: 'Hato', first: ['201713'], matchedBy: 'name' },
      { query: 'tiange', first: ['201713'], only: true, matchedBy: 'pinyin' },
      { query: '天鸽台风', first: ['201713'], only: true, matchedBy: 'name' },
      { query: 'Lekma', first: ['201909'], matchedBy: 'fuzzy' },
      { query: 'hagbis', first: ['201919'], matchedBy: 'fuzzy' },
      { query: 'candu', first: ['202114'], matchedBy: 'pinyin' },
      { query: 'kong rey', first: ['202421'], matchedBy: 'name' },
      { query: '202411', first: ['202411'], only: true, matchedBy: 'code' },
      { query: '1967c04', first: ['1967C04'], only: true, matchedBy: 'code' },
    ],
  );

  it('finds every storm of a Chinese name by its pinyin, and every storm of a year by its prefix', () => {
    const haiyan = index
      .filter((e) => e.name === '海燕' || e.enname === 'HAIYAN')
      .map((e) => e.code)
      .sort();
    expect(codes(searchArchive(index, 'haiyan')).sort()).toEqual(haiyan);
    const hits = searchArchive(index, '2024');
    expect(codes(hits)).toEqual(
      index
        .filter((e) => e.code.startsWith('2024'))
        .sort((a, b) => b.startTime.localeCompare(a.startTime))
        .map((e) => e.code),
    );
  });

  it('answers at most 50 for a short prefix', () => {
    expect(searchArchive(index, '19')).toHaveLength(MAX_SEARCH_RESULTS);
  });
});
