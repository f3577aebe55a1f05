/**
 * Honest records on the real archive: one assertion per correction of values the sources got wrong, and the fields
 * that say what the data is. Each correction on a small input: test/unit/honest-records.test.ts.
 */
import { beforeAll, expect, it } from 'vitest';
import type { DataQualityReport } from '../../src/archive/data-quality.ts';
import { searchArchive } from '../../src/archive/search.ts';
import type { SearchEntry, Typhoon, YearStatistic } from '../../src/model/typhoon-schemas.ts';
import { CORRECTIONS } from '../helpers/names.ts';
import { describeRealData } from '../helpers/real-data.ts';
import { renderArchive } from '../helpers/rendered-archive.ts';
import { awaitSharedBuild } from '../helpers/shared-build.ts';

describeRealData('archive', 'honest records on the real archive', (sources) => {
  awaitSharedBuild(sources);
  let details = new Map<string, Typhoon>();
  let search: SearchEntry[] = [];
  let years: YearStatistic[] = [];
  let report: DataQualityReport;

  beforeAll(async () => {
    const site = await renderArchive(sources);
    details = site.details;
    search = site.json('api/_data/search-index.json');
    report = site.json('api/_data/data-quality.json');
    years = site.json<{ data: { list: YearStatistic[] } }>('api/v1/history/years').data.list;
  }, 60_000);

  const found = (keyword: string) => searchArchive(search, keyword).map((hit) => hit.code);

  it.each([...CORRECTIONS.values()])(
    "$code: $cma is $corrected, CMA's spelling kept, the correction reported",
    ({ code, cma, corrected }) => {
      const storm = details.get(code);
      expect(storm).toMatchObject({ enname: corrected, provenance: { nameEn: 'name-corrections' } });
      expect(storm?.cma?.name.toUpperCase()).toBe(cma);
      expect(
        report.problems.filter(
          (p) => p.code === 'enname-corrected' && p.action.startsWith(`enname ${corrected} `) && p.value === storm?.cma?.name,
        ),
      ).toHaveLength(1);
    },
  );

  it.each([
    ['Keith', '199722'],
    ['Ketth', '199722'],
    ['Peter', '199706'],
    ['Peper', '199706'],
    ['Abel 1996', '1996C24'],
    ['Beth 1996', '199621'],
  ])('search "%s" finds %s', (keyword, code) => expect(found(keyword)).toContain(code));

  it('1959 NORA: the China-numbered main entry is 195906, its continuation 195906-1 (with zj 195906)', () => {
    expect(details.get('195906')?.cma?.name).toBe('Nora');
    expect(details.get('195906-1')).toMatchObject({ cma: { name: 'Nora(-)1' }, zjId: '195906' });
    expect(details.has('1959C17')).toBe(false);
  });

  it('1945–1948 storms have 1-minute winds (JTWC), every other storm 2-minute (CMA)', () => {
    const periods = [...details.values()].map((t) => `${t.year <= 1948 ? 'early' : 'cma'}:${t.windPeriod}`);
    expect(new Set(periods)).toEqual(new Set(['early:1min', 'cma:2min']));
    expect(report.counts['wind-reconverted']).toBe(93);
  });

  it.each(['194507', '194701', '194704', '194705', '194710'])('%s (35 kt at JTWC) peaks as TS at 18.0 m/s', (code) => {
    expect(details.get(code)).toMatchObject({ peakGrade: 'TS', maxSpeed: 18, windPeriod: '1min' });
  });

  it('landRecorded: 2006 SAOMAI struck China unrecorded, 1997 VICTOR too; YAGI, 1947, 1997 WINNIE recorded; 1945 and CMA-only entries not', () => {
    const recorded = (code: string) => details.get(code)?.landRecorded;
    expect([
      recorded('200608'),
      recorded('202411'),
      recorded('194701'),
      recorded('199711'),
      recorded('199710'),
      recorded('194501'),
      recorded('1967C06'),
    ]).toEqual([false, true, true, true, false, false, false]);
    expect([...details.values()].filter((t) => t.land.length > 0 && !t.landRecorded)).toEqual([]);
    const year = (y: number) => years.find((s) => s.year === y);
    expect([year(2005)?.landRecordedStorms, year(1990)?.landRecordedStorms]).toEqual([0, 29]); // 1990: the 29 of its 39 entries with a zj record
  });
});
