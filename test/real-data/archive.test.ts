/**
 * The whole real archive, end to end through the renderer: every storm is there, and every CMA line arrives
 * in the API unchanged but for the documented conversions. The CMA files are read here independently of
 * the parser (plain slicing), so a parser bug cannot hide itself.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import type { Typhoon, TyphoonSummary } from '../../src/model/typhoon-schemas.ts';
import { describeRealData } from '../helpers/real-data.ts';
import { renderArchive } from '../helpers/rendered-archive.ts';
import { awaitSharedBuild } from '../helpers/shared-build.ts';

describeRealData('archive', 'the archive built from the real sources', (sources) => {
  awaitSharedBuild(sources);
  const details = new Map<string, Typhoon>();
  const yearLists = new Map<number, TyphoonSummary[]>();

  beforeAll(async () => {
    const site = await renderArchive(sources);
    for (const [code, typhoon] of site.details) details.set(code, typhoon);
    for (const { year } of site.json<{ data: { list: { year: number }[] } }>('api/v1/history/years').data.list) {
      yearLists.set(year, site.json<{ data: { list: TyphoonSummary[] } }>(`api/v1/history/${year}`).data.list);
    }
  }, 60_000);

  const cmaFiles = () =>
    fs
      .readdirSync(path.join(sources, 'cma-bst'))
      .filter((f) => /^CH\d{4}BST\.txt$/.test(f))
      .sort();
  const cmaLines = (file: string) =>
    fs
      .readFileSync(path.join(sources, 'cma-bst', file), 'ascii')
      .split(/\r?\n/)
      .filter(Boolean);

  it('has every year from 1945 to 2025', () => {
    expect([...yearLists.keys()].sort()).toEqual(Array.from({ length: 81 }, (_, i) => 1945 + i));
  });

  it('counts per year match the CMA files (1949–2025) and the zj files (1945–1948)', () => {
    for (const file of cmaFiles()) {
      const year = Number(file.slice(2, 6));
      const headers = cmaLines(file).filter((line) => line.startsWith('66666')).length;
      expect(yearLists.get(year)?.length, file).toBe(headers);
    }
    for (const year of [1945, 1946, 1947, 1948]) {
      const files = fs.readdirSync(path.join(sources, 'zj')).filter((f) => f.startsWith(String(year)) && f.endsWith('.json'));
      const nonEmpty = files.filter(
        (f) => JSON.parse(fs.readFileSync(path.join(sources, 'zj', f), 'utf8').replace(/^\uFEFF/, '')).length > 0,
      );
      expect(yearLists.get(year)?.length, String(year)).toBe(nonEmpty.length);
    }
    expect(details.size).toBe(2549 + 93);
  });

  it("carries every CMA line's time, position, pressure and wind into the API point", () => {
    const byCmaKey = new Map([...details.values()].filter((t) => t.cma).map((t) => [`${t.cma?.year}/${t.cma?.seq}/${t.cma?.name}`, t]));
    let checked = 0;
    const mismatches: string[] = [];
    for (const file of cmaFiles()) {
      const year = Number(file.slice(2, 6));
      const lines = cmaLines(file);
      for (let i = 0; i < lines.length; ) {
        const tokens = (lines[i] as string).trim().split(/\s+/);
        const rows = Number(tokens[2]);
        const key = `${year}/${Number(tokens[3])}/${tokens.slice(7, -1).join(' ')}`;
        const typhoon = byCmaKey.get(key);
        if (!typhoon || typhoon.points.length !== rows) mismatches.push(`${key}: missing or wrong point count`);
        for (let r = 0; typhoon && r < rows; r += 1) {
          const line = lines[i + 1 + r] as string;
          const point = typhoon.points[r];
          const utc = Date.UTC(+line.slice(0, 4), +line.slice(4, 6) - 1, +line.slice(6, 8), +line.slice(8, 10));
          const lng = +line.slice(16, 21) / 10;
          const wind = +line.slice(26, 34);
          const expected = {
            instant: utc,
            lat: +line.slice(12, 16) / 10,
            lng: Math.round((lng > 180 ? lng - 360 : lng) * 10) / 10,
            pressure: +line.slice(21, 26),
            speed: wind === 0 ? null : wind,
          };
          const actual = point && {
            instant: Date.parse(point.time),
            lat: point.lat,
            lng: point.lng,
            pressure: point.pressure,
            speed: point.speed,
          };
          if (!point?.time.endsWith('+08:00') || JSON.stringify(actual) !== JSON.stringify(expected)) {
            mismatches.push(`${key} ${line}: ${JSON.stringify(point)}`);
          }
          checked += 1;
        }
        i += rows + 1;
      }
    }
    expect(mismatches.slice(0, 10)).toEqual([]);
    expect(checked).toBe(74370);
  });

  it('gives the 1945–1948 storms their zj tracks with times moved from UTC to +08:00', () => {
    const first = details.get('194501');
    expect(first?.provenance.track).toBe('zj');
    expect(first?.points[0]?.time).toBe('1945-04-19T20:00:00+08:00');
    expect(first?.points[0]?.pressure).toBeNull();
  });

  it('merges Zhejiang names, landfalls and wind circles into CMA tracks', () => {
    const yagi = details.get('202411');
    expect(yagi).toMatchObject({
      name: '摩羯',
      enname: 'YAGI',
      provenance: { track: 'cma', nameZh: 'zj', landfall: 'zj', windCircles: 'zj' },
    });
    expect(yagi?.land[0]).toMatchObject({ time: '2024-09-06T16:20:00+08:00', position: '海南文昌沿海', grade: 'SuperTY' });
    expect(yagi?.points.some((p) => p.radius7 && p.radius7.ne !== p.radius7.sw)).toBe(true);
  });

  it('handles the documented special cases', () => {
    expect(details.has('198610')).toBe(false); // duplicate of 198612
    expect(details.has('198920')).toBe(false); // duplicate of 198923
    expect(details.get('198923')?.land.length).toBeGreaterThan(0);
    expect(details.get('197917')?.enname).toBe('ROGER'); // zj swaps Roger and Sarah
    expect(details.get('197918')?.enname).toBe('SARAH');
    expect(details.get('201314')).toMatchObject({ enname: 'UNALA', cma: { name: 'Unala' } });
    expect(details.get('201314')?.points).toHaveLength(5);
    expect(details.get('195906')?.cma?.name).toBe('Nora'); // the main entry holds the number; zj 195906 is its continuation's
    expect(details.get('195906-1')?.cma?.name).toBe('Nora(-)1');
    expect(details.get('197128')?.cma?.name).toBe('Faye(Gloria)(-)1');
    expect(details.get('202527')).toMatchObject({ enname: 'KOTO', provenance: { track: 'cma' } });
  });
});
