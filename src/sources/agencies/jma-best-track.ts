/**
 * Parser for the RSMC Tokyo best track, `bst_all.txt` (fixed columns; JMA's "Format of RSMC Best Track Data"; layout
 * and quirks in docs/data/formats.md#jma-bst_all). Pure: text in, tracks out.
 *
 * - A header `66666 IIII  NNN TTTT IIII F G <name, cols 31–50> … <revision YYYYMMDD>` announces NNN data lines.
 *   Old storms (TIP 7920) leave the TC number blank, do not zero-pad the count and put the date at col 60, so
 *   the date is the last 8-digit group after the name, not a fixed column.
 * - Data lines `yymmddhh 002 G LLL OOOO PPPP     WWW …`: UTC with a two-digit year (51–99 → 19xx, 00–50 → 20xx),
 *   0.1° latitude and longitude (space-padded in old years), hPa, 10-minute wind in kt with `000` = not analysed.
 * - Lines are CRLF or LF, padded to 80 columns or not, and one is 104 columns: only the columns matter.
 * - The name is free text, checked as a cyclone name (src/model/upstream-text.ts; merged storms are written
 *   `KAREN/LUCILLE`): one that fails is left out (null) and returned in `rejected`.
 */
import type { JmaTrack } from '../../model/agency-track-schemas.ts';
import type { ParseProblem } from '../../model/parse-problems.ts';
import { checkCycloneName, keep, type TextRejection } from '../../model/upstream-text.ts';
import { utcDate } from '../../model/time.ts';
import { headerlessRun } from '../headerless-run.ts';
import { checkPoint, fieldNumber, increasingPoints, type AgencyParseResult, type PointRow } from './agency-points.ts';

/** 51–99 → 1951–1999, 00–50 → 2000–2050: the file starts in 1951. */
const fullYear = (yy: number) => (yy >= 51 ? 1900 + yy : 2000 + yy);

const HEADER = /^66666 (\d{4}) {1,2}([ \d]{3}) ([ \d]{4}) (\d{4}) (\d) (\d) (.{0,20})(.*)$/;

interface Header {
  id: string;
  rows: number;
  tcNumber: string | null;
  name: string | null;
  revisedOn: string | null;
}

function parseHeader(text: string): Header | null {
  const match = HEADER.exec(text.trimEnd());
  if (!match || !/^\s*\d+$/.test(match[2] as string)) return null;
  const [, id = '', rows, tcNumber = '', , , , name = '', rest = ''] = match;
  const date = /(\d{4})(\d{2})(\d{2})\s*$/.exec(rest);
  return {
    id,
    rows: Number(rows),
    tcNumber: tcNumber.trim() || null,
    name: name.trim() || null,
    revisedOn: date ? `${date[1]}-${date[2]}-${date[3]}` : null,
  };
}

const DATA_LINE = /^\d{8} 002 \d /;

function parseDataLine(text: string, line: number, problems: ParseProblem[]) {
  const stamp = text.slice(0, 8);
  const time = utcDate(
    fullYear(Number(stamp.slice(0, 2))),
    Number(stamp.slice(2, 4)),
    Number(stamp.slice(4, 6)),
    Number(stamp.slice(6, 8)),
  );
  return checkPoint(
    {
      time,
      lat: fieldNumber(text.slice(15, 18), 'latitude', line, problems, 10),
      lng: fieldNumber(text.slice(19, 23), 'longitude', line, problems, 10),
      pressure: fieldNumber(text.slice(24, 28), 'pressure', line, problems),
      windKt: fieldNumber(text.slice(33, 36), 'wind', line, problems),
      grade: text.slice(13, 14),
    },
    line,
    problems,
  );
}

export function parseJmaBestTrack(text: string): AgencyParseResult<JmaTrack> {
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  const tracks: JmaTrack[] = [];
  const problems: ParseProblem[] = [];
  const rejected: TextRejection[] = [];
  let index = 0;
  while (index < lines.length) {
    const lineNumber = index + 1;
    const header = parseHeader(lines[index] as string);
    if (!header) {
      const { end, problem } = headerlessRun(lines, index, (line) => parseHeader(line) !== null);
      problems.push(problem);
      index = end;
      continue;
    }
    const rows: PointRow[] = [];
    let row = 1;
    for (; row <= header.rows; row += 1) {
      const raw = lines[index + row];
      if (raw === undefined || parseHeader(raw)) break;
      if (!DATA_LINE.test(raw)) {
        problems.push({ line: lineNumber + row, message: `not a data line of storm ${header.id}: "${raw.slice(0, 40)}"` });
        continue;
      }
      const point = parseDataLine(raw, lineNumber + row, problems);
      if (point) rows.push({ point, line: lineNumber + row });
    }
    if (row <= header.rows) {
      problems.push({ line: lineNumber, message: `header of storm ${header.id} promises ${header.rows} data lines; ${row - 1} follow` });
    }
    const points = increasingPoints(rows, problems);
    if (points.length) {
      const name = keep(checkCycloneName(header.name), rejected, { field: 'name', storm: header.id, line: lineNumber });
      tracks.push({
        agency: 'jma',
        id: header.id,
        name,
        windPeriodMinutes: 10,
        tcNumber: header.tcNumber,
        revisedOn: header.revisedOn,
        points,
      });
    } else {
      problems.push({ line: lineNumber, message: `storm ${header.id} has no usable data line: left out` });
    }
    index += row;
  }
  return { tracks, problems, rejected };
}
