/**
 * The data-quality report on the real archive: the bad zj values it names, the records built without them, and a
 * CMA year file emptied or cut short. Each rule on a small storm written for it: test/unit/data-quality.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DataQualityReport } from '../../src/archive/data-quality.ts';
import { readArchiveSources } from '../../src/archive/read-archive-sources.ts';
import { NAMES_FILE } from '../../src/config/paths.ts';
import type { Typhoon } from '../../src/model/typhoon-schemas.ts';
import { describeRealData } from '../helpers/real-data.ts';
import { renderArchive } from '../helpers/rendered-archive.ts';
import { awaitSharedBuild } from '../helpers/shared-build.ts';

const HOUR = 3600_000;

describeRealData('archive', 'the data-quality report on the real archive', (sources) => {
  awaitSharedBuild(sources);
  let report: DataQualityReport;
  const details = new Map<string, Typhoon>();

  beforeAll(async () => {
    const site = await renderArchive(sources); // no false alarm: the real archive builds
    report = site.json('api/_data/data-quality.json');
    for (const [code, typhoon] of site.details) details.set(code, typhoon);
  }, 60_000);

  const find = (code: string, tfbh: string) => report.problems.filter((p) => p.code === code && p.file === `zj/${tfbh}.json`);

  it('names the bad zj values: a year early, after the end, lat/lng swapped, out of order, a 3,380 km radius', () => {
    // The real archive is built with the other agencies' sample files beside it (CI gives both).
    expect(report.generatedFrom).toBe(
      "CMA best track 1949–2025 (77 year files), Zhejiang archive 1945–2025 (2048 files); other agencies' files: jma 6, jtwc 6, hko 2, ibtracs 4",
    );
    for (const tfbh of ['201522', '201305', '201331']) {
      expect(find('landfall-before-track', tfbh), tfbh).toEqual([
        expect.objectContaining({ action: expect.stringMatching(/left out.*mistyped year/) }),
      ]);
    }
    expect(find('landfall-latlng-swapped', '201509')).toEqual([
      expect.objectContaining({ field: 'land[1].lat/lng', value: { lat: 125.3, lng: 38 } }),
    ]);
    expect(find('landfall-after-track', '199018')).toEqual([expect.objectContaining({ value: '1990-09-08T16:00:00+08:00' })]);
    expect(find('landfalls-out-of-order', '201409')).toEqual([
      expect.objectContaining({ action: 'put in time order: land[0], land[2], land[1]' }),
    ]);
    expect(find('radius-implausible', '200918').map((p) => p.value)).toEqual([
      { ne: 3380, se: 3380, sw: 3380, nw: 3380 },
      { ne: 3380, se: 3380, sw: 3380, nw: 3380 },
    ]);
    expect(report.counts).toEqual({
      'landfall-before-track': 3,
      'landfall-after-track': 1,
      'landfall-off-track': 1,
      'landfall-latlng-swapped': 1,
      'landfalls-out-of-order': 11,
      'radius-implausible': 2,
      'enname-corrected': 10,
      'wind-reconverted': 93, // the corrections (test/real-data/honest-records.test.ts)
      'crosswalk-ambiguous': 3, // storms no single JMA track matches (test/real-data/crosswalk.test.ts)
    });
  });

  it('builds records that no longer carry them', () => {
    const times = (code: string) => details.get(code)?.land.map((l) => l.time) ?? [];
    expect(times('201522').some((t) => t.startsWith('2014'))).toBe(false);
    expect(times('201305').some((t) => t.startsWith('2012'))).toBe(false);
    expect(times('201331')).toEqual([]);
    expect(details.get('201509')?.land.map((l) => l.lat)).toEqual([29.9]);
    expect(times('199018')).toEqual([]);
    expect(times('201409')).toEqual(['2014-07-18T15:30:00+08:00', '2014-07-18T19:30:00+08:00', '2014-07-19T07:10:00+08:00']);
    const radii =
      details
        .get('200918')
        ?.points.flatMap((p) => [p.radius7, p.radius10, p.radius12])
        .flatMap((c) => (c ? Object.values(c) : [])) ?? [];
    expect(radii.length).toBeGreaterThan(0);
    expect(Math.max(...(radii as number[]))).toBeLessThanOrEqual(1500);
    // And every record of the archive: landfalls in time order, inside the storm's life and in range.
    const faults: string[] = [];
    for (const t of details.values()) {
      const instants = t.land.map((l) => Date.parse(l.time));
      if (instants.some((x, i) => i > 0 && x < (instants[i - 1] as number))) faults.push(`${t.code}: out of order`);
      for (const l of t.land) {
        if (Math.abs(l.lat) > 90 || Math.abs(l.lng) > 180) faults.push(`${t.code}: ${l.lat},${l.lng}`);
        if (Date.parse(l.time) < Date.parse(t.startTime) - 12 * HOUR || Date.parse(l.time) > Date.parse(t.endTime) + 12 * HOUR)
          faults.push(`${t.code}: ${l.time}`);
      }
    }
    expect(faults).toEqual([]);
  });

  describe('a CMA year file emptied or cut short stops the build, naming the files', () => {
    /**
     * 1990 of the real sources with CH1990BST.txt replaced: links to the real zj files of 1990 beside it. The other
     * years cannot name a 1990 storm, and the whole archive's reading without false alarms is checked above.
     */
    const withCh1990 = (text: string) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'typhoon-ch1990-'));
      fs.mkdirSync(path.join(dir, 'cma-bst'));
      fs.writeFileSync(path.join(dir, 'cma-bst', 'CH1990BST.txt'), text);
      fs.mkdirSync(path.join(dir, 'zj'));
      for (const file of fs.readdirSync(path.join(sources, 'zj')).filter((f) => f.startsWith('1990')))
        fs.symlinkSync(path.join(sources, 'zj', file), path.join(dir, 'zj', file));
      return dir;
    };
    const zj1990 = () => fs.readdirSync(path.join(sources, 'zj')).filter((f) => f.startsWith('1990')).length;

    it("an empty CH1990BST.txt: the file, and each of 1990's zj storms", async () => {
      const { problems } = await readArchiveSources(withCh1990(''), NAMES_FILE);
      expect(problems[0]).toMatchObject({ file: 'cma-bst/CH1990BST.txt', line: 1, message: expect.stringMatching(/year file is empty/) });
      const orphans = problems.filter((p) => /^zj\/1990\d\d\.json$/.test(p.file));
      expect(orphans).toHaveLength(zj1990());
      expect(orphans[0]?.message).toMatch(
        /finds no CMA entry: cma-bst\/CH1990BST\.txt has no entry numbered 90\d\d .*CMA year file incomplete\?/,
      );
    }, 20_000);

    it('CH1990BST.txt cut at an entry boundary: each zj storm whose entry was cut away', async () => {
      const lines = fs.readFileSync(path.join(sources, 'cma-bst', 'CH1990BST.txt'), 'ascii').split('\r\n');
      const cut = lines.findIndex((l) => /^66666 .* Dot\s/.test(l));
      const { problems } = await readArchiveSources(withCh1990(lines.slice(0, cut).join('\r\n') + '\r\n'), NAMES_FILE);
      const named = problems.map((p) => p.file);
      // From Dot (9018) on, the 12 zj storms whose entries were cut away; before, those storms took zj's tracks quietly.
      expect(named).toEqual(Array.from({ length: 12 }, (_, i) => `zj/1990${18 + i}.json`));
      expect(problems[0]?.message).toMatch(/^zj storm 199018 \(Dot\) finds no CMA entry: .*CMA year file incomplete\?$/);
    }, 20_000);
  });
});
