/**
 * Honest records (issue 14): the corrections of values the sources got wrong and the fields that say what the
 * data is. Each correction on a small input written here (one assertion per correction on the real archive:
 * test/real-data/honest-records.test.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assignCodes } from '../../src/archive/assign-codes.ts';
import { buildArchive } from '../../src/archive/build-archive.ts';
import { correctEnglishName } from '../../src/archive/correct-names.ts';
import { jtwcKnots, jtwcWindMs } from '../../src/archive/jtwc-winds.ts';
import { landRecorded, yearsWithLandfallRecords } from '../../src/archive/landfall-coverage.ts';
import type { SourceMatch } from '../../src/archive/match-sources.ts';
import { yearStatistic } from '../../src/archive/summaries.ts';
import { NAMES_FILE } from '../../src/config/paths.ts';
import { fileStore } from '../../src/store/store.ts';
import { readSnapshot } from '../../src/live/snapshot.ts';
import { yearStatisticSchema, type Typhoon } from '../../src/model/typhoon-schemas.ts';
import type { CmaEntryRaw } from '../../src/sources/cma-best-track.ts';
import { parseNameCorrections } from '../../src/sources/name-corrections.ts';
import { parseNamesTable } from '../../src/sources/names-table.ts';
import { readArchiveSources } from '../../src/archive/read-archive-sources.ts';
import { parseZjArchiveFile, type ZjLandfall, type ZjStorm } from '../../src/sources/zj-archive.ts';
import { livePlacesTable } from '../../src/sources/places-table.ts';
import { CORRECTIONS, places } from '../helpers/names.ts';
import { FIXTURE_SOURCES } from '../helpers/sources.ts';
import { newestByAgency } from '../../src/sources/agencies/read-agency-sources.ts';
import { compareArchive } from '../../src/archive/agency-comparison.ts';

const cmaEntry = (over: Partial<CmaEntryRaw>): CmaEntryRaw => ({
  year: 1959,
  position: 1,
  seq: 17,
  internationalNumber: null,
  chineseNumbers: [],
  name: 'Nora',
  baseName: 'Nora',
  secondary: 0,
  endFlag: 0,
  releaseDate: '20110729',
  points: [],
  line: 1,
  ...over,
});
const zjStorm = (tfbh: string, land: ZjLandfall[] = []): ZjStorm => ({ tfbh, name: null, ename: null, points: [], land });
const landing: ZjLandfall = { time: new Date('1990-08-01T00:00:00Z'), lat: 22, lng: 114, position: '广东省' };

describe('name corrections (content/names/corrections.yaml)', () => {
  it('parse: one entry per storm, with the evidence', () => {
    expect(CORRECTIONS.size).toBe(10);
    expect(CORRECTIONS.get('199722')).toEqual({
      code: '199722',
      cma: 'KETTH',
      corrected: 'KEITH',
      evidence: expect.objectContaining({ agency: 'jma', id: '199725', name: 'KEITH' }),
    });
  });

  it('refuse a code corrected twice and a name not in upper case', () => {
    const entry = "  - { code: '199722', cma: KETTH, corrected: KEITH, evidence: { agency: jma, id: '199725', name: KEITH, match: x } }\n";
    expect(() => parseNameCorrections(`corrections:\n${entry}${entry}`)).toThrow(/corrected twice/);
    expect(() => parseNameCorrections(`corrections:\n${entry.replace('corrected: KEITH', 'corrected: Keith')}`)).toThrow(/upper case/);
  });

  it('apply to the storm CMA spells as expected, reporting the evidence; a misfit stops the build', () => {
    const ketth = cmaEntry({ year: 1997, seq: 26, chineseNumbers: ['9722'], name: 'KETTH', baseName: 'KETTH', line: 780 });
    expect(correctEnglishName('199722', ketth, CORRECTIONS.get('199722'))).toEqual({
      enname: 'KEITH',
      problem: expect.objectContaining({
        code: 'enname-corrected',
        file: 'cma-bst/CH1997BST.txt',
        field: 'line 780: name',
        value: 'KETTH',
        rule: expect.stringContaining('JMA 199725 KEITH'),
      }),
    });
    expect(correctEnglishName('199723', ketth, undefined)).toBeNull();
    expect(() => correctEnglishName('199722', { ...ketth, name: 'KEITH', baseName: 'KEITH' }, CORRECTIONS.get('199722'))).toThrow(
      /CMA names it "KEITH".*update the correction/,
    );
  });
});

describe('storm codes: a Chinese number belongs to the main entry', () => {
  it('1959 NORA: the main entry gets 195906 although zj 195906 matched its continuation, which gets 195906-1', () => {
    const nora = cmaEntry({ chineseNumbers: ['5906'] });
    const continuation = cmaEntry({ position: 2, name: 'Nora(-)1', secondary: 1, chineseNumbers: ['5906'] });
    const matches: SourceMatch[] = [{ zj: zjStorm('195906'), cma: continuation, how: 'position' }];
    const codes = assignCodes([nora, continuation], matches);
    expect([codes.get(nora), codes.get(continuation)]).toEqual(['195906', '195906-1']);
  });

  it('a continuation matched to a number its main entry does not hold keeps that tfbh (197128 Faye(Gloria)(-)1)', () => {
    const faye = cmaEntry({ year: 1971, seq: 30, chineseNumbers: ['7127', '7128'], name: 'Faye(Gloria)', baseName: 'Faye(Gloria)' });
    const continuation = { ...faye, position: 2, name: 'Faye(Gloria)(-)1', secondary: 1 };
    const matches: SourceMatch[] = [
      { zj: zjStorm('197127'), cma: faye, how: 'position' },
      { zj: zjStorm('197128'), cma: continuation, how: 'position' },
    ];
    const codes = assignCodes([faye, continuation], matches);
    expect([codes.get(faye), codes.get(continuation)]).toEqual(['197127', '197128']);
  });
});

describe('1945–1948 winds: JTWC knots back from the zj values, converted again', () => {
  it('every 5-kt value up to 200 kt comes back from its cut conversion', () => {
    for (let kt = 5; kt <= 200; kt += 5) expect(jtwcKnots(Math.trunc(kt * 0.514))).toBe(kt);
  });

  it('35 kt, which zj wrote as 17 m/s (a TD), is 18.0 m/s (a TS); a value no conversion gives stays', () => {
    expect(jtwcWindMs(17)).toBe(18);
    expect(jtwcWindMs(12)).toBe(12.9);
    expect([jtwcWindMs(16), jtwcWindMs(null)]).toEqual([16, null]);
  });

  it('a 1945 storm peaking at 35 kt is a TS with 1-minute winds, and the report lists the conversion', () => {
    const text = JSON.stringify([
      {
        tfbh: '194507',
        name: '-',
        ename: '-',
        land: [],
        points: [
          { time: '1945-06-01T00:00:00', lng: 130, lat: 15, strong: '热带低压(TD)', speed: 12, pressure: null },
          { time: '1945-06-01T06:00:00', lng: 129, lat: 16, strong: '热带低压(TD)', speed: 17, pressure: null },
        ],
      },
    ]);
    const names = parseNamesTable(fs.readFileSync(NAMES_FILE, 'utf8'));
    const zj = parseZjArchiveFile(text, names, livePlacesTable()).storm as ZjStorm;
    const { typhoons, quality, crosswalk } = buildArchive({
      cma: [],
      zj: [zj],
      names,
      nameCorrections: new Map(),
      places,
      agencies: { tracks: newestByAgency([]) },
    });
    expect(typhoons[0]).toMatchObject({
      windPeriod: '1min',
      peakGrade: 'TS',
      maxSpeed: 18,
      points: [
        { speed: 12.9, grade: 'TD' },
        { speed: 18, grade: 'TS', power: 8 },
      ],
    });
    expect(typhoons[0]?.provenance).toMatchObject({ track: 'zj', maxSpeed: 'jtwc', peakGrade: 'jtwc', minPressure: null });
    // The track is JTWC's, side by side too, and its ACE is JTWC's.
    const agencies = compareArchive(typhoons, crosswalk, false);
    expect(agencies.get('194507')?.agencies.map((a) => [a.agency, a.source, a.windPeriod, a.id])).toEqual([['jtwc', 'zj', '1min', null]]);
    const stats = yearStatistic(1945, typhoons, agencies);
    expect(stats.aceJtwc).toBe(stats.ace);
    expect(quality).toEqual([
      expect.objectContaining({
        code: 'wind-reconverted',
        file: 'zj/194507.json',
        value: 17,
        action: expect.stringMatching(/peak 17 → 18 m\/s \(35 kt\), peak grade TD → TS$/),
      }),
    ]);
  });
});

describe('landRecorded', () => {
  const storms = [
    zjStorm('199001', [landing]),
    zjStorm('199002', [landing]),
    zjStorm('199003'),
    zjStorm('200501', [landing]),
    zjStorm('200502'),
  ];

  it('a year whose records carry landfalls (2 storms or more) records them for every storm with a zj record', () => {
    const years = yearsWithLandfallRecords(storms);
    expect([...years]).toEqual([1990]);
    expect(storms.map((s) => landRecorded(s, years))).toEqual([true, true, true, true, false]);
    expect(landRecorded(null, years)).toBe(false); // a CMA entry without a zj record
  });

  it('year statistics count recorded landfalls among the storms whose landfalls were recorded', async () => {
    const { typhoons } = buildArchive(await readArchiveSources(FIXTURE_SOURCES, NAMES_FILE));
    const stats = yearStatistic(
      2024,
      typhoons.filter((t) => t.year === 2024),
      new Map(),
    );
    expect(stats.landRecordedStorms).toBe(typhoons.filter((t) => t.year === 2024 && t.landRecorded).length);
    expect(yearStatisticSchema.shape.landfalls.description).toMatch(/recorded ones only/);
  });
});

describe('what the fields say', () => {
  it('ACE says its unit, its fixes and whose winds', () => {
    const ace = yearStatisticSchema.shape.ace.description ?? '';
    for (const part of ['10⁴ kt²', '00/06/12/18 UTC', '34 kt', "CMA's 2-minute winds", "JTWC's 1-minute winds for 1945–1948"])
      expect(ace).toContain(part);
  });

  it('a live snapshot stored before windPeriod and landRecorded reads with them, as a refresh would write them', async () => {
    const { typhoons } = buildArchive(await readArchiveSources(FIXTURE_SOURCES, NAMES_FILE));
    const { windPeriod: _period, landRecorded: _recorded, ...old } = typhoons.find((t) => t.code === '202411') as Typhoon;
    const store = fileStore(fs.mkdtempSync(path.join(os.tmpdir(), 'honest-records-')));
    await store.set(
      'snapshot',
      JSON.stringify({ schemaVersion: 1, data: { fetchedAt: '2024-09-06T08:00:00+08:00', source: 'zj-live', typhoons: [old] } }),
    );
    expect((await readSnapshot(store))?.typhoons[0]).toMatchObject({ code: '202411', windPeriod: '2min', landRecorded: true });
  });

  it("a live snapshot stored before positionEn reads with each landfall's English unknown (null), not made up", async () => {
    const { typhoons } = buildArchive(await readArchiveSources(FIXTURE_SOURCES, NAMES_FILE));
    const yagi = typhoons.find((t) => t.code === '202411') as Typhoon;
    expect(yagi.land.length).toBeGreaterThan(0);
    const old = { ...yagi, land: yagi.land.map(({ positionEn: _en, ...land }) => land) };
    const store = fileStore(fs.mkdtempSync(path.join(os.tmpdir(), 'honest-records-')));
    await store.set(
      'snapshot',
      JSON.stringify({ schemaVersion: 3, data: { fetchedAt: '2024-09-06T08:00:00+08:00', source: 'zj-live', typhoons: [old] } }),
    );
    const land = (await readSnapshot(store))?.typhoons[0]?.land ?? [];
    expect(land.map((l) => [l.position, l.positionEn])).toEqual(yagi.land.map((l) => [l.position, null]));
  });
});
