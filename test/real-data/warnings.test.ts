/**
 * Every recorded warnings answer (TYPHOON_UPSTREAM_SAMPLES/warnings: hko/, jma/, pagasa/, other/; each folder's
 * SOURCES.md says what is a real capture and what a documentation sample) read by its parser, each checked against
 * what the document states: codes, words, times with their offsets, areas. The same parts are checked on the
 * project's own fixtures in test/unit/warnings.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { ShapeError } from '../../src/model/parse-problems.ts';
import { changesBetween } from '../../src/model/warning-rules.ts';
import { ISLAND_GROUPS, warningSnapshotSchema, type IslandGroup, type Warning } from '../../src/model/warning-schemas.ts';
import { warningAreas } from '../../src/sources/warning-areas.ts';
import { mergeHkoLanguages, parseHkoWarningInfo, parseHkoWarnsum, parseHkoWebWarnsum } from '../../src/upstream/hko-warnings.ts';
import {
  jmaSnapshot,
  jmaStormAreaWarning,
  parseJmaTyphoonDocument,
  parseJmaTyphoonInfo,
  parseJmaWarnings,
} from '../../src/upstream/jma-xml.ts';
import { areasOfCell, parsePagasaBulletin, readPdfText } from '../../src/upstream/pagasa-bulletin.ts';
import { names } from '../helpers/names.ts';
import { describeRealData } from '../helpers/real-data.ts';

const codes = (warnings: readonly Warning[]) => warnings.map((w) => w.code);

describeRealData('upstream', 'warnings: every recorded answer', (upstream) => {
  const dir = path.join(upstream, 'warnings');
  if (!fs.existsSync(dir)) throw new Error(`${upstream} has no warnings/ folder (hko/, jma/, pagasa/, other/)`);
  const json = (...parts: string[]) => JSON.parse(fs.readFileSync(path.join(dir, ...parts), 'utf8')) as unknown;
  const text = (...parts: string[]) => fs.readFileSync(path.join(dir, ...parts), 'utf8');
  const files = (folder: string, ext: string) =>
    fs
      .readdirSync(path.join(dir, folder))
      .filter((f) => f.endsWith(ext))
      .sort();

  describe('HKO', () => {
    it('every warnsum: the TAPAH No. 8 answer and the documentation samples, as they state', () => {
      const tapah = parseHkoWarnsum(json('hko', 'warnsum.2025-09-07-TC8SE-TAPAH.en.smartLessons-doc-example.json'), 'en');
      expect([tapah.problems, tapah.rejected]).toEqual([[], []]);
      expect(warningSnapshotSchema.parse(tapah.snapshot)).toEqual(tapah.snapshot);
      expect(
        tapah.snapshot.warnings.map((w) => [w.slot, w.code, w.level, w.words.en, w.action, w.issuedAt, w.updatedAt, w.expiresAt]),
      ).toEqual([
        ['WTS', 'WTS', null, null, 'EXTEND', '2025-09-07T09:53:00+08:00', '2025-09-07T22:30:00+08:00', '2025-09-08T05:00:00+08:00'],
        [
          'WTCSGNL',
          'TC8SE',
          8,
          'No. 8 Southeast Gale or Storm Signal',
          'ISSUE',
          '2025-09-07T21:20:00+08:00',
          '2025-09-07T21:20:00+08:00',
          null,
        ],
      ]);
      expect(tapah.snapshot.sourceTime).toBe('2025-09-07T22:30:00+08:00');

      const rust = parseHkoWarnsum(json('hko', 'warnsum.hko-rust-doc-sample.2020-09-24.tc.json'), 'tc');
      expect([rust.problems, rust.rejected]).toEqual([[], []]);
      expect(rust.snapshot.warnings.map((w) => [w.code, w.level, w.name.zh, w.words.zh])).toEqual([
        ['WHOT', null, '酷熱天氣警告', null],
        ['WRAINR', 2, '暴雨警告信號', '紅色'],
        ['WTS', null, '雷暴警告', null],
        ['TC3', 3, '熱帶氣旋警告信號', '三號強風信號'],
      ]);
      expect(rust.snapshot.warnings.find((w) => w.code === 'WTS')?.expiresAt).toBe('2020-09-24T19:30:00+08:00');

      const all = parseHkoWarnsum(json('hko', 'warnsum.hko-doc-sample.2020-09-24.all-warnings.tc.griffonkhlee.json'), 'tc');
      expect([all.problems, all.rejected]).toEqual([[], []]);
      expect(all.snapshot.warnings.map((w) => [w.kind, w.code])).toEqual([
        ['frost', 'WFROST'],
        ['hot-weather', 'WHOT'],
        ['cold-weather', 'WCOLD'],
        ['northern-nt-flooding', 'WFNTSA'],
        ['strong-monsoon', 'WMSGNL'],
        ['landslip', 'WL'],
        ['rainstorm', 'WRAINR'],
        ['tsunami', 'WTMW'],
        ['thunderstorm', 'WTS'],
        ['tropical-cyclone-signal', 'TC3'],
        ['fire-danger', 'WFIRER'],
      ]);
    });

    it('the English and the Chinese documentation answers merge into one answer', () => {
      const tc = parseHkoWarnsum(json('hko', 'warnsum.hko-rust-doc-sample.2020-09-24.tc.json'), 'tc');
      const merged = mergeHkoLanguages(tc, tc);
      expect(merged.snapshot.warnings).toHaveLength(4);
    });

    it('warningInfo: its four bulletins, none naming a storm', () => {
      const info = parseHkoWarningInfo(json('hko', 'warningInfo.hko-rust-doc-sample.2020-09-24.tc.json'), 'tc', names);
      expect(info.problems).toEqual([]);
      expect(info.details.map((d) => [d.type, d.subtype, d.updatedAt, d.storm])).toEqual([
        ['WTS', null, '2020-09-24T05:00:00+08:00', null],
        ['WMSGNL', null, '2020-09-24T11:15:00+08:00', null],
        ['WTCSGNL', 'TC3', '2020-09-24T11:15:00+08:00', null],
        ['WHOT', null, '2020-09-24T07:00:00+08:00', null],
      ]);
    });

    it('the website feed during KOMPASU: No. 3 in force, every other type said not to be', () => {
      const web = parseHkoWebWarnsum(json('hko', 'hko-web.warnsumc.2021-10-12T0040-TC3-KOMPASU.json'));
      expect([web.problems, web.rejected]).toEqual([[], []]);
      expect(web.snapshot.warnings.map((w) => [w.code, w.level, w.name.zh, w.words.zh, w.action, w.issuedAt])).toEqual([
        ['TC3', 3, '熱帶氣旋警告', '三號強風信號', 'ISSUE', '2021-10-12T00:40:00+08:00'],
      ]);
      expect(web.snapshot.sourceTime).toBe('2021-10-12T00:40:00+08:00');
    });

    it('the website’s storm files are not warning answers: read as one they are unknown, never "none"', () => {
      for (const file of files('hko', '.json').filter((f) => /tcFront|tc_pos/.test(f))) {
        expect(parseHkoWarnsum(json('hko', file), 'en').snapshot.state, file).toBe('unknown');
      }
    });
  });

  describe('JMA', () => {
    const dataType = (file: string) => /_(V[A-Z]{3}\d{2})\.xml$/.exec(file)?.[1] as string;

    it('every typhoon analysis and forecast reads whole, with its storm and times in JST', () => {
      const read = files('jma', '.xml')
        .filter((f) => dataType(f).startsWith('VPTW'))
        .map((f) => [f, parseJmaTyphoonDocument(text('jma', f), dataType(f))] as const);
      expect(read).toHaveLength(19);
      for (const [file, parsed] of read) {
        expect([parsed.problems, parsed.rejected], file).toEqual([[], []]);
        for (const p of parsed.document.points) expect(p.time.endsWith('+09:00'), file).toBe(true);
        expect(jmaStormAreaWarning(parsed).problems, file).toEqual([]);
      }
      const byFile = Object.fromEntries(read.map(([f, p]) => [f.slice(0, 8), p]));
      expect(['10_04_02', '10_04_03', '10_04_07', '10_04_08'].map((f) => [byFile[f]?.document.number, byFile[f]?.document.name])).toEqual([
        ['1718', 'TALIM'],
        ['1718', 'TALIM'],
        ['1718', 'TALIM'],
        ['1718', 'TALIM'],
      ]);
      expect([byFile['10_03_01']?.document.number, byFile['10_03_01']?.document.name, byFile['10_03_01']?.remark]).toEqual([
        '1721',
        'LAN',
        '台風発生',
      ]);
      expect([byFile['10_04_08']?.document.points[0]?.classCode, byFile['10_04_08']?.remark]).toEqual(['LOW', '台風消滅（温帯低気圧化）']);
      expect(byFile['10_04_01']?.document.number).toBeNull();
      const analysis = byFile['10_04_03']?.document.points[0];
      expect(analysis).toMatchObject({
        kind: 'analysis',
        time: '2017-09-13T21:00:00+09:00',
        classCode: 'TY',
        intensityClass: '非常に強い',
        lat: 25.5,
        lng: 125.5,
        location: '宮古島の北約80km',
        pressureHpa: 950,
        maxWindMs: 45,
        maxWindKt: 85,
        gustMs: 60,
        movement: { direction: 'NNW', speedKmh: 10, speedKt: 6 },
      });
      expect(analysis?.windAreas).toEqual([
        { kind: 'storm-area', axes: [{ direction: null, radiusKm: 150, radiusNm: 80 }] },
        { kind: 'gale-area', axes: [{ direction: null, radiusKm: 390, radiusNm: 210 }] },
      ]);
      // The storm area given per side (TALIM, 16 September: 北東 200 km, 南西 130 km) is one circle of 165 km.
      expect(jmaStormAreaWarning(byFile['10_04_07'] as never).warning?.circles[0]?.radiusKm).toBe(165);
    });

    it('every typhoon information document’s head', () => {
      const read = files('jma', '.xml')
        .filter((f) => dataType(f).startsWith('VPTI'))
        .map((f) => [f.slice(0, 8), parseJmaTyphoonInfo(text('jma', f), dataType(f))] as const);
      expect(read).toHaveLength(17);
      const byFile = Object.fromEntries(read);
      expect(byFile['06_01_01']).toMatchObject({ subject: 'typhoon', number: '0908', serial: '14', infoType: '発表', formed: false });
      expect(byFile['06_02_01']).toMatchObject({ number: '0908', infoType: '訂正' });
      expect(byFile['07_03_01']).toMatchObject({ subject: 'typhoon', number: '0704', formed: true });
      expect(byFile['08_01_02']).toMatchObject({ number: '0711', serial: '73' });
      expect(byFile['06_04_01']).toMatchObject({ subject: 'developing-depression', number: null, serial: '01-02' });
    });

    it('every warnings document: the warnings at warning level or above, per municipality', () => {
      const read = files('jma', '.xml')
        .filter((f) => dataType(f).startsWith('VPWW'))
        .map((f) => [f.slice(0, 8), parseJmaWarnings(text('jma', f), dataType(f))] as const);
      expect(read).toHaveLength(6);
      for (const [file, parsed] of read) expect([parsed.problems, parsed.rejected], file).toEqual([[], []]);
      const byFile = Object.fromEntries(read);
      const ogasawara = byFile['15_12_02'];
      expect(ogasawara?.prefecture).toBe('130000');
      expect(
        ogasawara?.snapshot.warnings.filter((w) => w.area?.name === '小笠原村').map((w) => [w.code, w.level, w.name.ja, w.action]),
      ).toEqual([
        ['33', 3, '大雨特別警報', '継続'],
        ['04', 1, '洪水警報', '継続'],
        ['35', 3, '暴風特別警報', '継続'],
        ['37', 3, '波浪特別警報', '継続'],
        ['38', 3, '高潮特別警報', '継続'],
      ]);
      expect(new Set(codes(byFile['15_08_01']?.snapshot.warnings ?? []))).toEqual(new Set(['33', '04']));
      expect(byFile['15_15_01']?.snapshot.warnings.map((w) => [w.code, w.name.ja, w.action])).toEqual([['08', '高潮警報', '発表']]);
      expect(byFile['15_16_04']?.snapshot.warnings.map((w) => [w.area?.name, w.code, w.action])).toEqual([
        ['稚内市', '05', '発表'],
        ['猿払村', '05', '継続'],
      ]);
      expect(new Set(byFile['15_16_08']?.snapshot.warnings.map((w) => `${w.name.ja}:${w.level}`))).toEqual(
        new Set(['レベル４高潮危険警報:2']),
      );
      const snapshot = jmaSnapshot(
        read.map(([, p]) => p),
        [],
      );
      expect(snapshot.state).toBe('in-force');
    });
  });

  describe('PAGASA', () => {
    const areas = warningAreas();
    const pdfs = files(path.join('pagasa', 'tcb-pdf'), '.pdf');
    // Each PDF is read once (pdf.js takes about a second a bulletin on a busy machine); a refusal is kept too.
    const read = new Map<string, Promise<ReturnType<typeof parsePagasaBulletin>>>();
    const bulletin = (file: string) => {
      if (!read.has(file))
        read.set(file, readPdfText(new Uint8Array(fs.readFileSync(path.join(dir, 'pagasa', 'tcb-pdf', file)))).then(parsePagasaBulletin));
      return read.get(file) as Promise<ReturnType<typeof parsePagasaBulletin>>;
    };
    const signal = (warnings: readonly Warning[], level: number) =>
      warnings.filter((w) => w.level === level).map((w) => [w.area?.group, w.area?.part, w.area?.name, w.area?.localities.join(', ')]);

    it('every bulletin is read, and every area is in the areas table in the island group of its column', async () => {
      expect(pdfs).toHaveLength(7);
      for (const file of pdfs) {
        if (file.includes('TCB#06')) continue;
        const { snapshot } = await bulletin(file);
        for (const w of snapshot.warnings) {
          const known = areas.pagasa.lookup(w.area?.name ?? '');
          expect(known?.group, `${file}: ${w.area?.name}`).toBe(w.area?.group);
        }
      }
    });

    it('the misfiled shipping warning is recognised as not a bulletin', async () => {
      await expect(bulletin('PAGASA_22-TC11_Karding_TCB#06.pdf')).rejects.toThrow(ShapeError);
      await expect(bulletin('PAGASA_22-TC11_Karding_TCB#06.pdf')).rejects.toThrow(
        /Tropical Cyclone Warning for Shipping \(WTPH20 RPMM 230600\)/,
      );
    });

    it('"No Wind Signal" bulletins are PAGASA saying none is in force', async () => {
      for (const file of ['PAGASA_24-TC15_Ofel_TCB#01.pdf', 'PAGASA_24-TC16_Pepito_TCB#25-FINAL.pdf']) {
        const { snapshot, bulletin: b } = await bulletin(file);
        expect([snapshot.state, snapshot.warnings], file).toEqual(['none-in-force', []]);
        expect(b.issuedAt.endsWith('+08:00')).toBe(true);
      }
      expect((await bulletin('PAGASA_24-TC16_Pepito_TCB#25-FINAL.pdf')).bulletin).toMatchObject({
        number: '25F',
        final: true,
        validUntil: null,
      });
    });

    it('PEPITO #10: the first No. 5, and the table continued on the next page', async () => {
      const { bulletin: b, snapshot, problems } = await bulletin('PAGASA_24-TC16_Pepito_TCB#10.pdf');
      expect(problems).toEqual([]);
      expect(b).toEqual({
        number: '10',
        final: false,
        classification: 'Super Typhoon',
        localName: 'PEPITO',
        internationalName: 'MAN-YI',
        issuedAt: '2024-11-16T14:00:00+08:00',
        validUntil: '2024-11-16T17:00:00+08:00',
      });
      expect(signal(snapshot.warnings, 5)).toEqual([['Luzon', null, 'Catanduanes', '']]);
      expect(signal(snapshot.warnings, 4)).toEqual([
        [
          'Luzon',
          'the northeastern portion',
          'Camarines Sur',
          'Garchitorena, Caramoan, Presentacion, Siruma, Tinambac, Goa, Lagonoy, San Jose, Tigaon, Sagñay',
        ],
        ['Luzon', 'the northeastern portion', 'Albay', 'City of Tabaco, Tiwi, Malinao, Malilipot, Bacacay, Rapu-Rapu'],
      ]);
      expect(signal(snapshot.warnings, 1).filter((a) => a[0] === 'Mindanao')).toEqual([
        ['Mindanao', 'the northern portion', 'Dinagat Islands', 'Loreto, Tubajon'],
      ]);
      expect(snapshot.warnings.every((w) => w.storm?.localName === 'PEPITO' && w.storm.name === 'MAN-YI')).toBe(true);
    });

    it('LEON #19 and UWAN #9: No. 5 areas; KARDING #11: the 2022 layout', async () => {
      const leon = await bulletin('PAGASA_24-TC12_Leon_TCB#19.pdf');
      expect(signal(leon.snapshot.warnings, 5)).toEqual([['Luzon', 'the northern and eastern portions', 'Batanes', 'Itbayat, Basco']]);
      expect(signal(leon.snapshot.warnings, 4)).toEqual([['Luzon', 'the rest', 'Batanes', '']]);
      // One locality of LEON #19 (Muñoz) is written with a glyph the PDF maps to no letter: its list is left out.
      expect(leon.problems.map((p) => p.message)).toEqual([
        'TCWS 1 Luzon: Nueva Ecija: a locality cannot be read: its list is left out, the area and part kept',
      ]);
      const uwan = await bulletin('PAGASA_25-TC21_Uwan_TCB#09.pdf');
      expect(uwan.problems).toEqual([]);
      expect(signal(uwan.snapshot.warnings, 5).map((a) => [a[1], a[2]])).toEqual([
        [null, 'Polillo Islands'],
        ['the northern portion', 'Camarines Norte'],
        ['the eastern portion', 'Camarines Sur'],
        [null, 'Catanduanes'],
      ]);
      const karding = await bulletin('PAGASA_22-TC11_Karding_TCB#11.pdf');
      expect(karding.problems).toEqual([]);
      expect(karding.bulletin).toMatchObject({ number: '11', classification: 'Typhoon', localName: 'KARDING', internationalName: 'NORU' });
      expect(signal(karding.snapshot.warnings, 3)).toEqual([
        ['Luzon', 'the northern portion', 'Camarines Norte', 'Vinzons'],
        ['Luzon', 'the eastern portion', 'Polillo Islands', 'Kalongkooan Is., Kalotkot Is., Patnanungan Is., Jomalig Is.'],
      ]);
      expect(new Set(karding.snapshot.warnings.map((w) => w.level))).toEqual(new Set([1, 2, 3]));
    });

    it('from one bulletin to the next of a storm, the signals change area by area', async () => {
      const [pepito10, pepito25] = [
        await bulletin('PAGASA_24-TC16_Pepito_TCB#10.pdf'),
        await bulletin('PAGASA_24-TC16_Pepito_TCB#25-FINAL.pdf'),
      ];
      const changes = changesBetween(pepito10.snapshot, pepito25.snapshot);
      expect(changes.every((c) => c.change === 'cancelled' && c.how === 'left-the-answer')).toBe(true);
      expect(changes.find((c) => c.slot === 'Catanduanes')?.from?.level).toBe(5);
    });

    it('the pagasa-parser transcription of ROLLY’s bulletin: every area it names is in the table, in its island group', () => {
      const xml = new XMLParser({ parseTagValue: false }).parse(
        text('pagasa', 'pagasa-parser.HighLevel.SWB13-ROLLY-GONI-2020-10-31.xml'),
      ) as {
        bulletin: { signals: Record<string, Partial<Record<'luzon' | 'visayas' | 'mindanao', string>>> };
      };
      let count = 0;
      for (const [signalName, groups] of Object.entries(xml.bulletin.signals)) {
        for (const [key, cell] of Object.entries(groups)) {
          const group = ISLAND_GROUPS.find((g) => g.toLowerCase() === key) as IslandGroup;
          const parsed = areasOfCell(cell as string, group);
          expect([parsed.problems, parsed.rejected], `${signalName} ${key}`).toEqual([[], []]);
          for (const area of parsed.areas) {
            count += 1;
            expect(areas.pagasa.lookup(area.name as string)?.group, `${signalName}: ${area.name}`).toBe(group);
          }
        }
      }
      expect(count).toBeGreaterThan(20);
    });
  });

  describe('the other agencies', () => {
    it('Taiwan CWA’s typhoon answer carries tracks and forecasts, no warning: nothing to read as warnings', () => {
      const cwa = json('other', 'cwa.W-C0034-005.2026-02-06T20-PENHA.json') as {
        records: { TropicalCyclones: { TropicalCyclone: Record<string, unknown>[] } };
      };
      const keys = new Set(cwa.records.TropicalCyclones.TropicalCyclone.flatMap((c) => Object.keys(c)));
      expect([...keys].filter((k) => /warn|alert|signal|警報|警/i.test(k))).toEqual([]);
    });
  });
});
