import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compassFromText } from '../../src/model/compass.ts';
import { parseZjArchiveFile } from '../../src/sources/zj-archive.ts';
import { livePlacesTable } from '../../src/sources/places-table.ts';
import { names } from '../helpers/names.ts';
import { FIXTURE_SOURCES } from '../helpers/sources.ts';

const fixture = (name: string) =>
  parseZjArchiveFile(fs.readFileSync(path.join(FIXTURE_SOURCES, 'zj', name), 'utf8'), names, livePlacesTable());

describe('parseZjArchiveFile on hand-written samples', () => {
  it('strips the BOM and reads 1945–1948 point times as UTC', () => {
    const { storm, problems } = fixture('194501.json');
    expect(problems).toEqual([]);
    expect(storm?.points[0]?.time).toEqual(new Date('1945-04-19T12:00:00Z'));
    expect(storm?.points[0]).toMatchObject({ pressure: null, speed: 12, label: '热带低压(TD)', radius7: null });
    expect(storm).toMatchObject({ name: null, ename: null });
  });

  it('reads snake_case + ident: Beijing times, named quadrants, scalar-only radii, 0 as missing', () => {
    const { storm } = fixture('202411.json');
    const [first, , third] = storm?.points ?? [];
    expect(first?.time).toEqual(new Date('2024-09-05T09:00:00Z'));
    expect(first?.radius10).toEqual({ ne: 120, se: 120, sw: 110, nw: 120 });
    expect(first?.moveDir).toBe('WNW');
    expect(third?.radius7).toEqual({ ne: 300, se: 300, sw: 300, nw: 300 });
    expect(third?.radius10).toBeNull();
    expect(third?.moveSpeed).toBeNull();
    expect(storm?.land).toEqual([{ time: new Date('2024-09-06T08:20:00Z'), lat: 19.836012, lng: 110.991933, position: '海南文昌沿海' }]);
  });

  it('reads camelCase, slash land times and string coordinates; all-null quadrants are no circle', () => {
    const { storm } = fixture('202414.json');
    expect(storm?.points[0]).toMatchObject({ moveDir: 'NNW', speed: null, label: null, radius7: null });
    expect(storm?.land[0]).toMatchObject({ time: new Date('2024-10-01T01:00:00Z'), lng: 118.982918 });
  });

  it('gives no storm and no problem for an empty file', () => {
    expect(fixture('202499.json')).toEqual({ storm: null, problems: [], rejected: [] });
  });

  it('reports what is unreadable instead of throwing', () => {
    expect(parseZjArchiveFile('[{"tfbh":"x"}', names, livePlacesTable()).problems[0]?.message).toMatch(/not JSON/);
    expect(parseZjArchiveFile('[{"tfbh":"20241"}]', names, livePlacesTable()).problems.length).toBeGreaterThan(0);
  });
});

describe('compassFromText', () => {
  it.each([
    ['西北', 'NW'],
    ['北西', 'NW'],
    ['北西北', 'NNW'],
    ['西西北', 'WNW'],
    ['西北西', 'WNW'],
    ['北北西', 'NNW'],
    ['偏北', 'N'],
    ['西北偏西', 'WNW'],
    ['东北偏北', 'NNE'],
    ['北偏西', 'NNW'],
    ['西南南', 'SSW'],
    ['ENE 2', 'ENE'],
    ['', null],
    ['静止', null],
    [null, null],
  ])('%s → %s', (text, code) => expect(compassFromText(text)).toBe(code));
});
