import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCmaBestTrack } from '../../src/sources/cma-best-track.ts';
import { names } from '../helpers/names.ts';
import { FIXTURE_SOURCES } from '../helpers/sources.ts';

const fixture = (name: string) => fs.readFileSync(path.join(FIXTURE_SOURCES, 'cma-bst', name), 'utf8');

describe('parseCmaBestTrack on the hand-written sample', () => {
  const { entries, problems } = parseCmaBestTrack(fixture('CH2024BST.txt'), 2024, names);

  it('reads every header by whitespace, tabs and empty names included', () => {
    expect(problems).toEqual([]);
    expect(entries.map((e) => [e.name, e.baseName, e.secondary, e.seq, e.chineseNumbers])).toEqual([
      ['YAGI', 'YAGI', 0, 12, ['2411']],
      ['Bebinca(Pulasan)', 'Bebinca(Pulasan)', 0, 13, ['2413', '2414']],
      ['Bebinca(Pulasan)(-)1', 'Bebinca(Pulasan)', 1, 13, []],
      ['', null, 0, 14, []],
    ]);
    expect(entries[0]).toMatchObject({ internationalNumber: '2411', endFlag: 1, releaseDate: '20250301', position: 1 });
  });

  it('reads data lines as UTC, converts longitudes past 180°E and treats wind 0 as unknown', () => {
    expect(entries[0]?.points[0]).toEqual({
      time: new Date('2024-09-05T09:00:00Z'),
      grade: 6,
      lat: 19.3,
      lng: 114.7,
      pressure: 925,
      wind: 58,
    });
    expect(entries[2]?.points[1]?.wind).toBeNull();
    expect(entries[3]?.points.map((p) => p.lng)).toEqual([180, -105]);
  });

  it('reports a header that promises more lines than there are, with the line number', () => {
    const broken = parseCmaBestTrack('66666 0000    2 0001 0000 0 6 X 20110729\r\n1949011300 0  57 1399 1006       0\r\n', 1949, names);
    expect(broken.problems).toEqual([{ line: 3, message: expect.stringContaining('promises 2 data lines') }]);
  });
});
