/** parseCmaBestTrack on every year file of the real archive; on the hand-written sample: test/unit/cma-best-track.test.ts. */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { parseCmaBestTrack } from '../../src/sources/cma-best-track.ts';
import { names } from '../helpers/names.ts';
import { describeRealData } from '../helpers/real-data.ts';

describeRealData('archive', 'parseCmaBestTrack on the whole real archive', (sources) => {
  const dir = path.join(sources, 'cma-bst');
  const files = fs.readdirSync(dir).filter((f) => /^CH\d{4}BST\.txt$/.test(f));

  it('parses all 77 files, 2549 entries and 74,370 points without a problem', () => {
    let entries = 0;
    let points = 0;
    for (const file of files) {
      const result = parseCmaBestTrack(fs.readFileSync(path.join(dir, file), 'utf8'), Number(file.slice(2, 6)), names);
      expect(result.problems, file).toEqual([]);
      expect(result.rejected, file).toEqual([]);
      entries += result.entries.length;
      points += result.entries.reduce((n, e) => n + e.points.length, 0);
    }
    expect(files).toHaveLength(77);
    expect(entries).toBe(2549);
    expect(points).toBe(74370);
  });
});
