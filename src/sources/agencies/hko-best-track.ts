/**
 * Parser for the Hong Kong Observatory's post-analysis best track, `HKO<year>BST.csv` (one file per year,
 * data.gov.hk; docs/data/formats.md#hko-csv): UTF-8 with a BOM, three title lines, a trilingual header, then one row per
 * fix: name, year, month, day, hour (UTC, not zero-padded), intensity (TD … SuperT), latitude and longitude in 0.01°,
 * pressure in hPa, the 10-minute wind in kt, the JMA code (empty for storms JMA did not number, named `nameless`) and
 * the HKO code (zero-padded, numbered afresh each year). Rows are grouped by HKO code. The name is free text, checked
 * as a cyclone name (src/model/upstream-text.ts): one that fails is left out (null) and returned in `rejected`.
 */
import { parse } from 'csv-parse/sync';
import type { HkoTrack } from '../../model/agency-track-schemas.ts';
import type { ParseProblem } from '../../model/parse-problems.ts';
import { utcDate } from '../../model/time.ts';
import { checkCycloneName, keep, type TextRejection } from '../../model/upstream-text.ts';
import { checkPoint, fieldNumber, increasingPoints, type AgencyParseResult, type PointRow } from './agency-points.ts';

const HEADER_LINE = 4;
const COLUMNS = 12;

interface Row {
  record: string[];
  line: number;
}

export function parseHkoBestTrack(text: string): AgencyParseResult<HkoTrack> {
  const problems: ParseProblem[] = [];
  const rows: Row[] = [];
  try {
    parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      on_record: (record: string[], context) => void rows.push({ record, line: context.lines }),
    });
  } catch (error) {
    return {
      tracks: [],
      problems: [{ line: (error as { lines?: number }).lines ?? 1, message: `not CSV: ${(error as Error).message}` }],
      rejected: [],
    };
  }
  const header = rows.find((row) => row.line === HEADER_LINE);
  if (!header?.record[0]?.startsWith('Tropical Cyclone Name') || header.record.length !== COLUMNS) {
    return {
      tracks: [],
      problems: [{ line: HEADER_LINE, message: 'expected the HKO best-track header ("Tropical Cyclone Name/…", 12 columns) on line 4' }],
      rejected: [],
    };
  }
  const storms = new Map<string, { name: string; line: number; jmaCode: string; rows: PointRow[] }>();
  for (const { record, line } of rows.filter((row) => row.line > HEADER_LINE)) {
    if (record.length !== COLUMNS) {
      problems.push({ line, message: `${record.length} columns instead of ${COLUMNS}: row left out` });
      continue;
    }
    const [name, year, month, day, hour, intensity, lat, lng, pressure, wind, jmaCode, hkoCode] = record.map((field) =>
      field.trim(),
    ) as string[] as [string, string, string, string, string, string, string, string, string, string, string, string];
    if (!/^\d{4}$/.test(hkoCode) || !/^\d{4}$/.test(year)) {
      problems.push({ line, message: `HKO code "${hkoCode}" or year "${year}" is not four digits: row left out` });
      continue;
    }
    const point = checkPoint(
      {
        time: utcDate(Number(year), Number(month), Number(day), Number(hour)),
        lat: fieldNumber(lat, 'latitude', line, problems, 100),
        lng: fieldNumber(lng, 'longitude', line, problems, 100),
        pressure: fieldNumber(pressure, 'pressure', line, problems),
        windKt: fieldNumber(wind, 'wind', line, problems),
        grade: intensity || null,
      },
      line,
      problems,
    );
    if (!point) continue;
    const storm = storms.get(hkoCode) ?? { name, line, jmaCode, rows: [] };
    storms.set(hkoCode, storm);
    storm.rows.push({ point, line });
  }
  const rejected: TextRejection[] = [];
  const tracks: HkoTrack[] = [...storms].map(([hkoCode, storm]) => {
    const points = increasingPoints(storm.rows, problems);
    const name =
      storm.name === 'nameless'
        ? null
        : keep(checkCycloneName(storm.name), rejected, { field: 'Tropical Cyclone Name', storm: hkoCode, line: storm.line });
    return {
      agency: 'hko',
      // The year of the storm's first fix: a storm that runs into January keeps one id.
      id: `${points[0]?.time.slice(0, 4)}-${hkoCode}`,
      name: name?.toUpperCase() ?? null,
      windPeriodMinutes: 10,
      hkoCode,
      jmaCode: storm.jmaCode || null,
      points,
    };
  });
  return { tracks, problems: problems.sort((a, b) => a.line - b.line), rejected };
}
