/** parseZjArchiveFile on every file of the real archive; on hand-written samples: test/unit/zj-archive.test.ts. */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { compassFromText } from '../../src/model/compass.ts';
import { parseZjArchiveFile } from '../../src/sources/zj-archive.ts';
import { livePlacesTable } from '../../src/sources/places-table.ts';
import { names } from '../helpers/names.ts';
import { describeRealData } from '../helpers/real-data.ts';

describeRealData('archive', 'parseZjArchiveFile on the whole real archive', (sources) => {
  it('parses all 2048 files: 2043 storms and 76,033 points, every bearing readable', () => {
    const dir = path.join(sources, 'zj');
    const files = fs.readdirSync(dir).filter((f) => /^\d{6}\.json$/.test(f));
    let storms = 0;
    let points = 0;
    let bearings = 0;
    let unreadableBearings = 0;
    for (const file of files) {
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      const { storm, problems, rejected } = parseZjArchiveFile(text, names, livePlacesTable());
      expect(problems, file).toEqual([]);
      expect(rejected, file).toEqual([]);
      if (!storm) continue;
      expect(storm.tfbh, file).toBe(file.slice(0, 6));
      storms += 1;
      points += storm.points.length;
      for (const raw of JSON.parse(text.replace(/^\uFEFF/, ''))[0].points) {
        const dir = raw.move_dir ?? raw.moveDir;
        if (!dir) continue;
        bearings += 1;
        if (compassFromText(dir) === null) unreadableBearings += 1;
      }
    }
    expect(files).toHaveLength(2048);
    expect(storms).toBe(2043);
    expect(points).toBe(76033);
    expect(bearings).toBeGreaterThan(20000);
    expect(unreadableBearings).toBe(0);
  });
});
