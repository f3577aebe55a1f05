/**
 * Warnings in force: the parsers (HKO, JMA, PAGASA) on the project's own fixtures in the agencies' formats
 * (test/fixtures/warnings/README.md: constructed), and the pure rules: in force, changes, where, which storm. The
 * recorded answers are checked in test/real-data/warnings.test.ts.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { greatCircleKm } from '../../src/model/geo.ts';
import { ShapeError } from '../../src/model/parse-problems.ts';
import { parsePagasaGazetteer } from '../../src/model/pagasa-gazetteer.ts';
import { changesBetween, type ActiveStorm, inForceAt, stormFor, warningFeatures, warningsAt } from '../../src/model/warning-rules.ts';
import { warningSchema, warningSnapshotSchema, type Warning, type WarningSnapshot } from '../../src/model/warning-schemas.ts';
import { warningAreas } from '../../src/sources/warning-areas.ts';
import {
  mergeHkoLanguages,
  parseHkoWarningInfo,
  parseHkoWarnsum,
  parseHkoWebWarnsum,
  withHkoStorms,
} from '../../src/upstream/hko-warnings.ts';
import {
  jmaSnapshot,
  jmaStormAreaWarning,
  parseJmaFeed,
  parseJmaTyphoonDocument,
  parseJmaTyphoonInfo,
  parseJmaWarnings,
} from '../../src/upstream/jma-xml.ts';
import { areasOfCell, parsePagasaBulletin, type PdfText } from '../../src/upstream/pagasa-bulletin.ts';
import { names } from '../helpers/names.ts';
import { read } from '../helpers/read-text.ts';

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures', 'warnings');
const fixture = (...parts: string[]) => read(FIXTURES, ...parts);
const json = (...parts: string[]) => JSON.parse(fixture(...parts)) as unknown;

const REPLAY = ['0-none', '1-tc1', '2-tc3', '3-tc8se', '4-tc3', '5-cancelled'];
const replay = REPLAY.map((name) => parseHkoWarnsum(json('hko-replay', `${name}.json`), 'en').snapshot);

describe('HKO warnsum', () => {
  it('reads the signal, its words and times with their offset, in the schema', () => {
    const { snapshot, problems, rejected } = parseHkoWarnsum(json('hko-replay', '3-tc8se.json'), 'en');
    expect(warningSnapshotSchema.parse(snapshot)).toEqual(snapshot);
    expect([problems, rejected]).toEqual([[], []]);
    expect(snapshot.state).toBe('in-force');
    expect(snapshot.sourceTime).toBe('2025-09-07T22:30:00+08:00');
    const signal = snapshot.warnings.find((w) => w.slot === 'WTCSGNL') as Warning;
    expect(signal).toMatchObject({
      kind: 'tropical-cyclone-signal',
      code: 'TC8SE',
      level: 8,
      name: { en: 'Tropical Cyclone Warning Signal', zh: null },
      words: { en: 'No. 8 Southeast Gale or Storm Signal', zh: null },
      action: 'ISSUE',
      issuedAt: '2025-09-07T21:20:00+08:00',
      expiresAt: null,
    });
    expect(snapshot.warnings.find((w) => w.slot === 'WTS')).toMatchObject({
      kind: 'thunderstorm',
      action: 'EXTEND',
      expiresAt: '2025-09-08T01:00:00+08:00',
    });
  });

  it('an empty answer is HKO saying nothing is in force; a cancellation is kept as cancelled, not in force', () => {
    expect(replay[0]?.state).toBe('none-in-force');
    const cancelled = replay[5] as WarningSnapshot;
    expect(cancelled.state).toBe('none-in-force');
    expect(cancelled.cancelled.map((w) => [w.code, w.words.en])).toEqual([['CANCEL', 'Cancel All Signals']]);
  });

  it('merges the Chinese answer’s words with the English answer’s', () => {
    const tc = parseHkoWarnsum(json('hko-warnsum.tc.json'), 'tc');
    expect(tc.snapshot.warnings.map((w) => [w.code, w.level, w.name.zh, w.words.zh])).toEqual([
      ['WRAINR', 2, '暴雨警告信號', '紅色'],
      ['WL', null, '山泥傾瀉警告', null],
      ['TC8SE', 8, '熱帶氣旋警告信號', '八號東南烈風或暴風信號'],
    ]);
    const merged = mergeHkoLanguages(parseHkoWarnsum(json('hko-replay', '3-tc8se.json'), 'en'), tc);
    expect(merged.snapshot.warnings.find((w) => w.code === 'TC8SE')?.words).toEqual({
      en: 'No. 8 Southeast Gale or Storm Signal',
      zh: '八號東南烈風或暴風信號',
      ja: null,
    });
    expect(merged.problems.map((p) => p.message)).toEqual([
      'WTS WTS is in the English answer only',
      'WRAIN WRAINR is in the Chinese answer only',
      'WL WL is in the Chinese answer only',
    ]);
  });

  it('leaves out what is not in HKO’s tables, and never calls a partly unreadable answer "none"', () => {
    const parsed = parseHkoWarnsum(
      {
        WXYZ: { name: 'Made-up Warning', code: 'WXYZ', actionCode: 'ISSUE', issueTime: '2025-09-07T21:20:00+08:00' },
        WTCSGNL: { name: 'Tropical Cyclone Warning Signal', code: 'TC11', actionCode: 'ISSUE', issueTime: '2025-09-07T21:20:00+08:00' },
        WTS: {
          name: 'Thunderstorm Warning',
          code: 'WTS',
          actionCode: 'EXTEND',
          issueTime: '2025-09-07T21:20:00+08:00',
          expireTime: 'tonight',
        },
      },
      'en',
    );
    expect(parsed.snapshot.state).toBe('unknown');
    expect(parsed.snapshot.warnings).toEqual([]);
    expect(parsed.problems).toHaveLength(3);
    const words = parseHkoWarnsum(
      {
        WTCSGNL: {
          name: 'All clear, no need to evacuate',
          code: 'TC3',
          actionCode: 'ISSUE',
          type: '<b>safe</b>',
          issueTime: '2025-09-07T21:20:00+08:00',
        },
      },
      'en',
    );
    expect(words.snapshot.warnings[0]).toMatchObject({ code: 'TC3', name: { en: null }, words: { en: null } });
    expect(words.rejected.map((r) => r.field)).toEqual(['WTCSGNL.name', 'WTCSGNL.type']);
    for (const bad of [null, [], 'html', 3]) expect(() => parseHkoWarnsum(bad, 'en')).toThrow(ShapeError);
  });

  it('a time without its offset is not a time', () => {
    const parsed = parseHkoWarnsum(
      { WL: { name: 'Landslip Warning', code: 'WL', actionCode: 'ISSUE', issueTime: '2025-09-07T21:20:00' } },
      'en',
    );
    expect(parsed.snapshot.state).toBe('unknown');
  });
});

describe('HKO warningInfo and the website feed', () => {
  it('takes the storm a bulletin names, when the name is in the Typhoon Committee table', () => {
    const { details, problems } = parseHkoWarningInfo(json('hko-warninginfo.en.json'), 'en', names);
    expect(problems).toEqual([]);
    expect(details).toEqual([
      {
        type: 'WTCSGNL',
        subtype: 'TC8SE',
        updatedAt: '2025-09-07T22:00:00+08:00',
        storm: { number: null, name: 'Tapah', localName: null },
      },
      { type: 'WTS', subtype: null, updatedAt: '2025-09-07T22:30:00+08:00', storm: null },
    ]);
    const withStorm = withHkoStorms(replay[3] as WarningSnapshot, details);
    expect(withStorm.warnings.find((w) => w.slot === 'WTCSGNL')?.storm?.name).toBe('Tapah');
    const notAName = parseHkoWarningInfo(
      { details: [{ warningStatementCode: 'WTCSGNL', subtype: 'TC1', contents: ['Typhoon Rumour is near.'] }] },
      'en',
      names,
    );
    expect(notAName.details[0]?.storm).toBeNull();
    const chinese = parseHkoWarningInfo(
      { details: [{ warningStatementCode: 'WTCSGNL', subtype: 'TC8SE', contents: ['颱風塔巴會在今晚最接近香港。'] }] },
      'tc',
      names,
    );
    expect(chinese.details[0]?.storm).toEqual({ number: null, name: null, localName: '塔巴' });
  });

  it('reads the website feed’s InForce flags: 0 is HKO’s word that a warning is not in force', () => {
    const feed = {
      WTSC: { Name: '雷暴警告', Code: null, Type: null, ActionCode: null, InForce: 0, BulletinDate: '20250907', BulletinTime: '1700' },
      WTCSGNLC: {
        Name: '熱帶氣旋警告',
        Code: 'TC3',
        Type: '三號強風信號',
        ActionCode: 'ISSUE',
        InForce: 1,
        IssueDate: '20250907',
        IssueTime: '0920',
        BulletinDate: '20250907',
        BulletinTime: '0920',
        ExpireDate: null,
        ExpireTime: null,
      },
    };
    const { snapshot } = parseHkoWebWarnsum(feed);
    expect(snapshot.warnings.map((w) => [w.code, w.issuedAt, w.words.zh, w.name.zh])).toEqual([
      ['TC3', '2025-09-07T09:20:00+08:00', '三號強風信號', '熱帶氣旋警告'],
    ]);
    expect(parseHkoWebWarnsum({ WTSC: feed.WTSC }).snapshot.state).toBe('none-in-force');
  });
});

describe('the replayed HKO sequence TC1 → TC3 → TC8SE → TC3 → cancelled', () => {
  it('gives that history in order, one change per step, and the right "in force" at each step', () => {
    const steps = replay.slice(1).map((after, i) => changesBetween(replay[i] as WarningSnapshot, after));
    expect(
      steps.map((changes) =>
        changes.filter((c) => c.slot === 'WTCSGNL').map((c) => [c.change, c.from?.code ?? null, c.to?.code ?? null, c.at]),
      ),
    ).toEqual([
      [['raised', null, 'TC1', '2025-09-06T10:40:00+08:00']],
      [['raised', 'TC1', 'TC3', '2025-09-07T09:20:00+08:00']],
      [['raised', 'TC3', 'TC8SE', '2025-09-07T21:20:00+08:00']],
      [['lowered', 'TC8SE', 'TC3', '2025-09-08T11:10:00+08:00']],
      [['cancelled', 'TC3', null, '2025-09-08T16:20:00+08:00']],
    ]);
    expect(steps[4]?.[0]?.how).toBe('agency-said');
    const inForce = replay.map((s) => {
      const now = new Date(Date.parse(s.sourceTime ?? '2025-09-06T00:00:00+08:00') + 60_000);
      const state = inForceAt(s, now);
      return [state.state, state.warnings.find((w) => w.slot === 'WTCSGNL')?.code ?? null];
    });
    expect(inForce).toEqual([
      ['none-in-force', null],
      ['in-force', 'TC1'],
      ['in-force', 'TC3'],
      ['in-force', 'TC8SE'],
      ['in-force', 'TC3'],
      ['none-in-force', null],
    ]);
  });

  it('the thunderstorm warning that left the answer after its expiry is told as expired', () => {
    const changes = changesBetween(replay[3] as WarningSnapshot, replay[4] as WarningSnapshot);
    expect(changes.find((c) => c.slot === 'WTS')).toMatchObject({ change: 'cancelled', how: 'expired', at: '2025-09-08T01:00:00+08:00' });
  });

  it('a warning past its expiry is not in force; an unknown answer is never "none"', () => {
    const tc8 = replay[3] as WarningSnapshot;
    expect(inForceAt(tc8, new Date('2025-09-08T02:00:00+08:00')).warnings.map((w) => w.slot)).toEqual(['WTCSGNL']);
    const unknown: WarningSnapshot = { ...tc8, state: 'unknown', warnings: [] };
    expect(inForceAt(unknown, new Date('2025-09-08T02:00:00+08:00')).state).toBe('unknown');
    expect(changesBetween(tc8, unknown)).toEqual([]);
    expect(changesBetween(unknown, tc8)).toEqual([]);
  });

  it('a change of direction at the same level is a change', () => {
    const ne = parseHkoWarnsum(
      {
        WTCSGNL: {
          name: 'Tropical Cyclone Warning Signal',
          code: 'TC8NE',
          actionCode: 'ISSUE',
          type: 'No. 8 Northeast Gale or Storm Signal',
          issueTime: '2025-09-07T18:00:00+08:00',
          updateTime: '2025-09-07T18:00:00+08:00',
        },
      },
      'en',
    ).snapshot;
    expect(changesBetween(ne, replay[3] as WarningSnapshot).find((c) => c.slot === 'WTCSGNL')?.change).toBe('changed');
  });
});

describe('JMA typhoon analysis and forecast (VPTW)', () => {
  const parsed = parseJmaTyphoonDocument(fixture('jma-vptw60.xml'), 'VPTW60');

  it('reads the typhoon, every point with its units as JMA gives them', () => {
    expect([parsed.problems, parsed.rejected]).toEqual([[], []]);
    expect(parsed.document).toMatchObject({
      number: '2613',
      name: 'KAJIKI',
      nameKana: 'カジキ',
      eventId: 'TC2621',
      serial: '12',
      infoType: '発表',
    });
    expect(
      parsed.document.points.map((p) => [
        p.kind,
        p.hours,
        p.time,
        p.classCode,
        p.lat,
        p.lng,
        p.probabilityRadiusKm,
        p.pressureHpa,
        p.maxWindMs,
      ]),
    ).toEqual([
      ['analysis', 0, '2026-09-14T09:00:00+09:00', 'TY', 24, 126, null, 960, 40],
      ['estimate', 1, '2026-09-14T10:00:00+09:00', 'TY', 24.1, 125.9, null, 960, 40],
      ['forecast', 24, '2026-09-15T09:00:00+09:00', 'TY', 25.5, 124.5, 90, 945, 45],
      ['forecast', 48, '2026-09-16T09:00:00+09:00', 'STS', 27, 123.5, 150, 975, 30],
    ]);
    expect(parsed.document.points[0]).toMatchObject({
      location: '宮古島の南東約150km',
      intensityClass: '強い',
      movement: { direction: 'NW', speedKmh: 20, speedKt: 10, words: null },
    });
  });

  it('makes the storm areas one warning with JMA’s circles; two opposite radii span one circle', () => {
    const { warning, problems } = jmaStormAreaWarning(parsed);
    expect(problems).toEqual([]);
    expect(warningSchema.parse(warning)).toEqual(warning);
    const circles = warning?.circles ?? [];
    expect(circles.slice(0, 2)).toEqual([
      { lat: 24, lng: 126, radiusKm: 150, validAt: '2026-09-14T09:00:00+09:00', kind: 'storm-area' },
      { lat: 25.5, lng: 124.5, radiusKm: 240, validAt: '2026-09-15T09:00:00+09:00', kind: 'storm-warning-area' },
    ]);
    // 北東 300 km, 南西 200 km: radius 250, centre 50 km north-east of the forecast centre.
    expect(circles[2]?.radiusKm).toBe(250);
    expect(greatCircleKm({ lat: 27, lng: 123.5 }, circles[2] as { lat: number; lng: number })).toBeCloseTo(50, 0);
    expect((circles[2]?.lat as number) > 27 && (circles[2]?.lng as number) > 123.5).toBe(true);
    expect(warning?.storm).toEqual({ number: '2613', name: 'KAJIKI', localName: null });
  });

  it('refuses a truncated document, a wrong data type and what is not XML', () => {
    const xml = fixture('jma-vptw60.xml');
    expect(() => parseJmaTyphoonDocument(xml.slice(0, xml.length / 2), 'VPTW60')).toThrow(ShapeError);
    expect(() => parseJmaTyphoonDocument(xml, 'VPWW53')).toThrow(ShapeError);
    expect(() => parseJmaTyphoonDocument('<html><body>Service unavailable</body></html>', 'VPTW60')).toThrow(ShapeError);
    expect(() => parseJmaTyphoonDocument('', 'VPTW60')).toThrow(ShapeError);
  });
});

describe('JMA warnings (VPWW) and the feed', () => {
  const parsed = parseJmaWarnings(fixture('jma-vpww53.xml'), 'VPWW53');

  it('keeps warnings and special warnings per municipality, the lifted ones as cancelled, no advisory', () => {
    expect([parsed.problems, parsed.rejected, parsed.prefecture]).toEqual([[], [], '473000']);
    expect(parsed.snapshot.state).toBe('in-force');
    expect(parsed.snapshot.warnings.map((w) => [w.slot, w.code, w.level, w.name.ja, w.action, w.area?.name, w.issuedAt])).toEqual([
      ['4721400:暴風', '35', 3, '暴風特別警報', '発表', '宮古島市', '2026-09-14T10:10:00+09:00'],
      ['4721400:波浪', '07', 1, '波浪警報', '継続', '宮古島市', null],
    ]);
    expect(parsed.snapshot.cancelled.map((w) => [w.slot, w.action])).toEqual([['4737500:暴風', '解除']]);
  });

  it('one answer from the newest documents: the storm areas and the area warnings, and the lifting as JMA’s word', () => {
    const typhoon = parseJmaTyphoonDocument(fixture('jma-vptw60.xml'), 'VPTW60');
    const snapshot = jmaSnapshot([parsed], [typhoon]);
    expect(snapshot.warnings.map((w) => w.slot)).toEqual(['4721400:暴風', '4721400:波浪', '2613:storm-area']);
    expect(snapshot.sourceTime).toBe('2026-09-14T10:10:00+09:00');
    const before = jmaSnapshot([], [typhoon]);
    expect(before.state).toBe('in-force');
    const changes = changesBetween(before, snapshot);
    expect(changes.map((c) => [c.slot, c.change])).toEqual([
      ['4721400:暴風', 'raised'],
      ['4721400:波浪', 'raised'],
    ]);
    expect(jmaSnapshot([], []).state).toBe('unknown');
  });

  it('reads the feed’s entries and the data type of each document', () => {
    const feed = parseJmaFeed(fixture('jma-feed.xml'));
    expect(feed.entries.map((e) => [e.title, e.updated, e.dataType])).toEqual([
      ['気象特別警報・警報・注意報', '2026-09-14T10:10:00+09:00', 'VPWW53'],
      ['台風解析・予報情報（５日予報）（Ｈ３０）', '2026-09-14T09:45:00+09:00', 'VPTW60'],
    ]);
    expect(feed.problems).toHaveLength(1);
    expect(() => parseJmaFeed('<feed')).toThrow(ShapeError);
  });

  it('reads a typhoon information document’s head', () => {
    const xml = fixture('jma-vptw60.xml')
      .replace('<Title>台風解析・予報情報</Title>', '<Title>令和８年　台風第１３号に関する情報</Title>')
      .replace('<Text/>', '<Text>　台風第１３号が発生しました。</Text>');
    expect(parseJmaTyphoonInfo(xml, 'VPTI51')).toMatchObject({ subject: 'typhoon', number: '2613', formed: true, serial: null });
  });
});

/** A text run as pdf.js gives one: 4 pt per character wide. */
const run = (str: string, x: number, y: number, height = 9): PdfText => ({ str, x, y, width: str.length * 4, height });

/** The runs of a bulletin's first page and of a page with its wind-signal table, after the real layout. */
function bulletinPages(table: PdfText[][]): PdfText[][] {
  const head = [
    run('TROPICAL CYCLONE BULLETIN NR. 7', 36, 736, 10),
    run('Typhoon', 36, 725, 10),
    run('EGAY (DOKSURI)', 70, 725, 10),
    run('Issued at 11:00 PM, 25 July 2026', 36, 714),
    run('Valid for broadcast until the next bulletin at 2:00 AM tomorrow.', 36, 704),
    run('Prepared by: ABC', 36, 77),
  ];
  return [head, ...table.map((page) => [...head, ...page])];
}

const header = (y: number, luzonX = 200, visayasX = 400, mindanaoX = 500) => [
  run('TCWS No.', 46, y),
  run('Luzon', luzonX, y),
  run('Visayas', visayasX, y),
  run('Mindanao', mindanaoX, y),
];
const closing = (y: number) => [
  run('Warning lead time:', 104, y),
  run('24 hours', 180, y),
  run('Potential impacts of winds:', 104, y - 9),
  run('Minor to moderate threat to life and property', 220, y - 9),
];

describe('PAGASA bulletins', () => {
  it('reads the areas of every signal by column, a row with other column widths and a row continued on the next page', () => {
    const page2 = [
      run('TROPICAL CYCLONE WIND SIGNALS (TCWS) IN EFFECT', 175, 678),
      ...header(657),
      run('2', 60, 610, 24),
      run('The northern portion of Cagayan', 104, 630),
      run('(Santa Ana, Gonzaga),', 104, 621),
      run('Batanes', 104, 612),
      run('-', 425, 620),
      run('-', 527, 620),
      ...closing(590),
      // Row 1: the Visayas column is narrower in this row (its text starts further right, its dash is further left).
      run('1', 60, 520, 24),
      run('Isabela, the rest', 104, 550),
      run('of Cagayan', 104, 541),
      run('Northern Samar', 360, 550),
      run('-', 502, 545),
    ];
    const page3 = [run('and Ticao Island', 104, 660), ...closing(640), run('OTHER HAZARDS AFFECTING LAND AREAS', 200, 600)];
    const { bulletin, snapshot, problems } = parsePagasaBulletin(bulletinPages([page2, page3]));
    expect(problems).toEqual([]);
    expect(bulletin).toEqual({
      number: '7',
      final: false,
      classification: 'Typhoon',
      localName: 'EGAY',
      internationalName: 'DOKSURI',
      issuedAt: '2026-07-25T23:00:00+08:00',
      validUntil: '2026-07-26T02:00:00+08:00',
    });
    expect(snapshot.warnings.map((w) => [w.code, w.area?.group, w.area?.part, w.area?.name, w.area?.localities])).toEqual([
      ['TCWS2', 'Luzon', 'the northern portion', 'Cagayan', ['Santa Ana', 'Gonzaga']],
      ['TCWS2', 'Luzon', null, 'Batanes', []],
      ['TCWS1', 'Luzon', null, 'Isabela', []],
      ['TCWS1', 'Luzon', 'the rest', 'Cagayan', []],
      ['TCWS1', 'Luzon', null, 'Ticao Island', []],
      ['TCWS1', 'Visayas', null, 'Northern Samar', []],
    ]);
    expect(snapshot.warnings[0]?.storm).toEqual({ number: null, name: 'DOKSURI', localName: 'EGAY' });
    expect(snapshot.documents).toEqual([
      { type: 'TCB', id: 'TCB#7', issuedAt: '2026-07-25T23:00:00+08:00', validUntil: '2026-07-26T02:00:00+08:00' },
    ]);
  });

  it('"No Wind Signal currently hoisted" is PAGASA saying none; a shipping warning is not a bulletin', () => {
    const none = parsePagasaBulletin(
      bulletinPages([[run('TROPICAL CYCLONE WIND SIGNALS (TCWS) IN EFFECT', 175, 678), run('No Wind Signal currently hoisted.', 36, 660)]]),
    );
    expect(none.snapshot.state).toBe('none-in-force');
    const shipping = [[run('TROPICAL CYCLONE WARNING FOR SHIPPING', 36, 700), run('WTPH20 RPMM 230600', 36, 690)]];
    expect(() => parsePagasaBulletin(shipping)).toThrow(
      /not a tropical cyclone bulletin: a Tropical Cyclone Warning for Shipping \(WTPH20 RPMM 230600\)/,
    );
    expect(() => parsePagasaBulletin([[run('Weather Advisory', 36, 700)]])).toThrow(ShapeError);
  });

  it('refuses a table whose text falls into more columns than three, and one that ends inside a row', () => {
    const extra = [
      run('TROPICAL CYCLONE WIND SIGNALS (TCWS) IN EFFECT', 175, 678),
      ...header(657),
      run('1', 60, 610, 24),
      run('Aurora', 104, 630),
      run('Leyte', 300, 630),
      run('-', 420, 630),
      run('-', 520, 630),
      ...closing(600),
    ];
    expect(() => parsePagasaBulletin(bulletinPages([extra]))).toThrow(/4 columns/);
    const open = [
      run('TROPICAL CYCLONE WIND SIGNALS (TCWS) IN EFFECT', 175, 678),
      ...header(657),
      run('1', 60, 610, 24),
      run('Aurora', 104, 630),
      run('-', 420, 630),
      run('-', 520, 630),
    ];
    expect(() => parsePagasaBulletin(bulletinPages([open]))).toThrow(/ends inside a row/);
  });

  it('splits a cell into areas, parts and localities, and keeps no area whose words are not a place', () => {
    const cell = areasOfCell(
      'The northern and central portions of Leyte (Tunga, Matag-Ob), the southeastern portion of mainland Quezon (Calauag), Ticao and Burias Islands, and the rest of Masbate including Lubang Islands',
      'Luzon',
    );
    expect(cell.areas.map((a) => [a.part, a.name, a.localities])).toEqual([
      ['the northern and central portions', 'Leyte', ['Tunga', 'Matag-Ob']],
      ['the southeastern portion of mainland', 'Quezon', ['Calauag']],
      [null, 'Ticao', []],
      [null, 'Burias Islands', []],
      ['the rest', 'Masbate', []],
      [null, 'Lubang Islands', []],
    ]);
    const bad = areasOfCell('Click here, Science City of Mu oz, <b>Aurora</b>', 'Luzon');
    expect(bad.areas).toEqual([]);
    expect(bad.rejected.map((r) => r.value)).toEqual(['Click here', 'Science City of Mu oz', '<b>Aurora</b>']);
  });
});

describe('which warnings apply at a place', () => {
  const areas = warningAreas();
  const hko = (replay[3] as WarningSnapshot).warnings;
  const jma = jmaStormAreaWarning(parseJmaTyphoonDocument(fixture('jma-vptw60.xml'), 'VPTW60')).warning as Warning;
  const pagasa = areasOfCell('Batanes, the rest of Cagayan', 'Luzon').areas.map(
    (area, i): Warning => ({
      ...(jma as Warning),
      agency: 'pagasa',
      slot: area.name as string,
      kind: 'wind-signal',
      code: `TCWS${2 - i}`,
      level: 2 - i,
      circles: [],
      area,
    }),
  );

  it('HKO’s warnings apply in Hong Kong (the SAR’s shape), not across the border', () => {
    expect(warningsAt({ lat: 22.2783, lng: 114.1747 }, hko, areas).matches.map((m) => [m.warning.slot, m.match])).toEqual([
      ['WTS', 'inside-area'],
      ['WTCSGNL', 'inside-area'],
    ]);
    expect(warningsAt({ lat: 22.5431, lng: 114.0579 }, hko, areas).matches).toEqual([]); // Shenzhen
    expect(warningsAt({ lat: 22.1987, lng: 113.5439 }, hko, areas).matches).toEqual([]); // Macao
  });

  it('JMA’s storm areas by their circles; PAGASA’s areas by the table’s approximate circles, said to be approximate', () => {
    const miyako = warningsAt({ lat: 24.8, lng: 125.28 }, [jma], areas).matches;
    expect(miyako.map((m) => [m.match, m.circle?.kind, m.circle?.validAt])).toEqual([
      ['inside-circle', 'storm-area', '2026-09-14T09:00:00+09:00'],
    ]);
    const ahead = warningsAt({ lat: 26.5, lng: 124 }, [jma], areas).matches;
    expect(ahead.map((m) => [m.circle?.kind, m.circle?.validAt])).toEqual([['storm-warning-area', '2026-09-15T09:00:00+09:00']]);
    expect(warningsAt({ lat: 35.68, lng: 139.76 }, [jma], areas).matches).toEqual([]);
    const basco = warningsAt({ lat: 20.45, lng: 121.97 }, pagasa, areas);
    expect(basco.matches.map((m) => [m.warning.area?.name, m.match])).toEqual([['Batanes', 'approximate-circle']]);
    const unknown = { ...(pagasa[0] as Warning), area: { ...(pagasa[0]?.area as Warning['area'] & object), name: 'Atlantis' } };
    expect(warningsAt({ lat: 20.45, lng: 121.97 }, [unknown], areas).unplaced).toHaveLength(1);
  });

  it('gives JMA’s circles as GeoJSON polygons', () => {
    const features = warningFeatures([jma]);
    expect(features).toHaveLength(3);
    const ring = features[0]?.geometry.coordinates[0] ?? [];
    expect(ring[0]).toEqual(ring[ring.length - 1]);
    for (const [lng, lat] of ring.slice(0, -1))
      expect(greatCircleKm({ lat: lat as number, lng: lng as number }, { lat: 24, lng: 126 })).toBeCloseTo(150, -1);
  });
});

describe('which storm a warning is for', () => {
  const areas = warningAreas();
  const storms: ActiveStorm[] = [
    { code: '202613', name: '剑鱼', enname: 'KAJIKI', jmaNumber: '2613', lat: 24, lng: 126 },
    { code: '202614', name: '塔巴', enname: 'TAPAH', jmaNumber: '2614', lat: 20.5, lng: 115.5 },
  ];
  const jma = jmaStormAreaWarning(parseJmaTyphoonDocument(fixture('jma-vptw60.xml'), 'VPTW60')).warning as Warning;

  it('by JMA’s number, by the name the agency gives, else the active storm nearest the region within 1,000 km', () => {
    expect(stormFor(jma, storms, areas)).toEqual({ code: '202613', name: '剑鱼', enname: 'KAJIKI', by: 'agency-number', distanceKm: null });
    const named = { ...((replay[3] as WarningSnapshot).warnings[1] as Warning), storm: { number: null, name: 'Tapah', localName: null } };
    expect(stormFor(named, storms, areas)).toEqual({ code: '202614', name: '塔巴', enname: 'TAPAH', by: 'agency-name', distanceKm: null });
    // A storm the agency names that is not active is not replaced by the nearest one.
    expect(stormFor({ ...named, storm: { number: null, name: 'Yagi', localName: null } }, storms, areas)).toBeNull();
    const unnamed = (replay[3] as WarningSnapshot).warnings[1] as Warning;
    const link = stormFor(unnamed, storms, areas);
    expect(link).toMatchObject({ code: '202614', by: 'nearest-active' });
    expect(link?.distanceKm).toBe(Math.round(greatCircleKm({ lat: 20.5, lng: 115.5 }, { lat: 22.3022, lng: 114.1742 })));
    expect(stormFor(unnamed, [{ ...(storms[0] as ActiveStorm) }], areas)).toBeNull();
    const vpww = parseJmaWarnings(fixture('jma-vpww53.xml'), 'VPWW53').snapshot.warnings[0] as Warning;
    expect(stormFor(vpww, storms, areas)).toMatchObject({ code: '202613', by: 'nearest-active' });
  });
});

describe('the PAGASA areas table', () => {
  it('reads, and refuses a name that is not a place, a repeated name, an unknown province', () => {
    const table = warningAreas().pagasa;
    expect(table.lookup('ticao')).toMatchObject({ name: 'Ticao Island', group: 'Luzon', within: 'Masbate' });
    expect(table.areas.filter((a) => a.within === null)).toHaveLength(83);
    expect(() => parsePagasaGazetteer('areas:\n  - { name: "<b>X</b>", group: Luzon, lat: 14, lng: 121, radiusKm: 10 }\n')).toThrow(
      /PAGASA place/,
    );
    expect(() =>
      parsePagasaGazetteer(
        'areas:\n  - { name: Aurora, group: Luzon, lat: 14, lng: 121, radiusKm: 10 }\n  - { name: AURORA, group: Luzon, lat: 14, lng: 121, radiusKm: 10 }\n',
      ),
    ).toThrow(/twice/);
    expect(() =>
      parsePagasaGazetteer('areas:\n  - { name: Polillo Islands, within: Quezon, group: Luzon, lat: 14, lng: 121, radiusKm: 10 }\n'),
    ).toThrow(/not in the table/);
  });
});
