/**
 * The IBTrACS parser on the real list of every basin we have (TYPHOON_HISTORY_SAMPLES: ibtracs/, an export of
 * NCEI's ALL list 1842–2025 through a spreadsheet, whose times change format in 1900), and the season rule on the
 * official files of the agencies' samples. Counts and values are read here from the raw lines, without the parser.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { agencyTrackSchema, type IbtracsTrack } from '../../src/model/agency-track-schemas.ts';
import type { AgencyParseResult } from '../../src/sources/agencies/agency-points.ts';
import { parseIbtracsCsv, seasonOfSid } from '../../src/sources/agencies/ibtracs-csv.ts';
import { describeRealData } from '../helpers/real-data.ts';

const HDX = 'ibtracs/ibtracs_ALL_list_v04r01.hdx-fixture.csv';

describeRealData('history', 'IBTrACS: the list of every basin 1842–2025 (a spreadsheet export)', (dir) => {
  let rows: string[][];
  let parsed: AgencyParseResult<IbtracsTrack>;

  beforeAll(() => {
    const text = fs.readFileSync(path.join(dir, HDX), 'utf8');
    rows = text
      .split('\r\n')
      .slice(2)
      .filter((line) => line !== '')
      .map((line) => line.split(','));
    parsed = parseIbtracsCsv(text, path.basename(HDX));
  });

  it('reads 178 storms and 10,088 rows without a problem, as many per storm and per first basin as the file has', () => {
    expect(parsed.problems).toEqual([]);
    expect(parsed.tracks).toHaveLength(178);
    for (const track of parsed.tracks) agencyTrackSchema.parse(track);
    const rawRows: Record<string, number> = {};
    for (const [sid] of rows) rawRows[sid as string] = (rawRows[sid as string] ?? 0) + 1;
    expect(Object.fromEntries(parsed.tracks.map((t) => [t.id, t.points.length]))).toEqual(rawRows);
    const firstBasins: Record<string, number> = {};
    for (const t of parsed.tracks) firstBasins[t.basins[0] as string] = (firstBasins[t.basins[0] as string] ?? 0) + 1;
    expect(firstBasins).toEqual({ SI: 123, SP: 31, WP: 13, NI: 6, NA: 3, EP: 2 });
  });

  it('every point equals its raw row: ISO times before 1900, M/D/YY H:MM after, the year within one of the SID’s', () => {
    const points = parsed.tracks.flatMap((t) => t.points.map((p) => ({ sid: t.id, ...p })));
    expect(points).toHaveLength(rows.length);
    let spreadsheet = 0;
    rows.forEach((row, i) => {
      const [sid, , , , time, , lat, lng, wind, pressure] = row as string[];
      const p = points[i] as (typeof points)[number];
      expect([p.sid, p.lat, p.lng, p.windKt, p.pressureHpa], `row ${i + 3}`).toEqual([
        sid,
        Number(lat),
        Number(lng) > 180 ? Math.round((Number(lng) - 360) * 1e6) / 1e6 : Number(lng), // 188 rows run past 180°E

        wind?.trim() ? Number(wind) : null,
        pressure?.trim() ? Number(pressure) : null,
      ]);
      const sheet = /^(\d{1,2})\/(\d{1,2})\/(\d{2}) (\d{1,2}):(\d{2})$/.exec(time as string);
      if (!sheet) expect(p.time.replace('T', ' ').replace('Z', '')).toBe(time);
      else {
        spreadsheet += 1;
        const [month, day, yy, hour, minute] = sheet.slice(1).map(Number) as number[];
        const at = new Date(p.time);
        expect([at.getUTCMonth() + 1, at.getUTCDate(), at.getUTCFullYear() % 100, at.getUTCHours(), at.getUTCMinutes()]).toEqual([
          month,
          day,
          yy,
          hour,
          minute,
        ]);
        expect(Math.abs(at.getUTCFullYear() - Number(sid?.slice(0, 4)))).toBeLessThanOrEqual(1);
      }
    });
    expect(spreadsheet).toBe(7_635);
    // A storm whose first fix is on 31 December, the hour before its SID's year begins.
    expect(parsed.tracks.find((t) => t.id === '1917001S18141')?.points[0]?.time).toBe('1916-12-31T23:00:00Z');
  });
});

describeRealData('agencies', "IBTrACS's seasons: the SID rule equals SEASON in every official sample", (dir) => {
  it('every storm of every IBTrACS sample file', () => {
    const files = fs.readdirSync(path.join(dir, 'ibtracs')).filter((name) => name.endsWith('.csv'));
    const tracks = files.flatMap((name) => parseIbtracsCsv(fs.readFileSync(path.join(dir, 'ibtracs', name), 'utf8'), name).tracks);
    expect(tracks.length).toBeGreaterThan(5);
    expect(tracks.filter((t) => t.id.includes('S')).length).toBeGreaterThan(1);
    expect(tracks.map((t) => [t.id, seasonOfSid(t.id)])).toEqual(tracks.map((t) => [t.id, t.season]));
  });
});
