/**
 * English that reads as English over the real data: no Chinese character in any English field of any real storm's
 * detail (every landfall's `positionEn` included), nor in the English flash item of any real landfall, nor in the
 * landfalls of the recorded Zhejiang captures. The same over the demo data: test/unit/english-text.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { writeFlash } from '../../src/flash/writer.ts';
import type { FlashEvent } from '../../src/flash/events.ts';
import type { TextRejection } from '../../src/model/upstream-text.ts';
import { normalizeZjInfo } from '../../src/upstream/zj-service.ts';
import { englishTexts, type EnglishTexts } from '../helpers/english-text.ts';
import { names, places } from '../helpers/names.ts';
import { describeRealData } from '../helpers/real-data.ts';
import { renderArchive } from '../helpers/rendered-archive.ts';

describeRealData('archive', 'English text from the real archive', (sourcesDir) => {
  it("carries no Chinese character in any storm's detail or in the flash item of any of its landfalls", async () => {
    const site = await renderArchive(sourcesDir);
    const found: EnglishTexts = { texts: [], withHan: [] };
    let landfalls = 0;
    for (const [code, storm] of site.details) {
      englishTexts(storm, code, found);
      for (const land of storm.land) {
        landfalls += 1;
        // The event as src/flash/events.ts makes it from a landfall.
        const event: FlashEvent = {
          key: `landfall:${code}:${land.time}`,
          type: 'landfall',
          code,
          time: land.time,
          storm: { name: storm.name, enname: storm.enname },
          point: storm.points.find((p) => p.time >= land.time) ?? null,
          ...(land.position ? { position: land.position } : {}),
          ...(land.positionEn ? { positionEn: land.positionEn } : {}),
        };
        const { titleEn, contentEn } = writeFlash(event);
        englishTexts({ titleEn, contentEn }, `${code} landfall ${land.time}`, found);
      }
    }
    expect(found.withHan).toEqual([]);
    expect(landfalls).toBeGreaterThan(500);
    const inEnglish = found.texts.filter((t) => /\.positionEn: ./.test(t));
    expect(inEnglish.length).toBeGreaterThan(500);
    expect(inEnglish).toContainEqual(expect.stringMatching(/^201409\.land\[\d\]\.positionEn: .*Wenchang, Hainan$/));
  });
});

describeRealData('upstream', 'English text from the recorded Zhejiang captures', (dir) => {
  it('gives the landfalls of the captures their place in English, without Chinese', () => {
    const read = (file: string) => JSON.parse(fs.readFileSync(path.join(dir, 'zj', file), 'utf8'));
    const found: EnglishTexts = { texts: [], withHan: [] };
    const check = { names, places, rejected: [] as TextRejection[] };
    for (const file of fs.readdirSync(path.join(dir, 'zj')).filter((f) => f.startsWith('TyphoonInfo_') && !f.includes('excerpt')))
      englishTexts(normalizeZjInfo(read(file), new Date(), check), file, found);
    // The only real landfall captured is an excerpt (YAGI's land[0], 海南文昌沿海): read inside a whole capture.
    const land = read('TyphoonInfo_202411_YAGI.modern-slt.land.excerpt.json');
    const storm = normalizeZjInfo({ ...read('TyphoonInfo_201927_FUNG-WONG.legacy-zjwater.json'), land }, new Date(), check);
    englishTexts(storm, 'FUNG-WONG with YAGI land[0]', found);
    expect(found.withHan).toEqual([]);
    expect(storm.land.map((l) => [l.position, l.positionEn])).toEqual([['海南文昌沿海', 'the coast of Wenchang, Hainan']]);
    expect(check.rejected).toEqual([]);
  });
});
