/**
 * NHC's Tropical Weather Outlook (TWO: ABNT20 KNHC for the Atlantic, ABPZ20 KNHC for the eastern and central
 * North Pacific, ACPN50 PHFO from CPHC), as plain text. Each area is a paragraph: a heading line ending in `:`
 * (`Central Pacific (EP90):`), prose, and two lines
 *
 *   * Formation chance through 48 hours...low...near 0 percent.
 *   * Formation chance through 7 days...high...80 percent.
 *
 * Areas are found by those lines, so a paragraph without them (Active Systems, the all-clear sentence) is not an
 * area. Of the prose only the heading is kept, checked as an outlook title (src/model/upstream-text.ts: a title
 * in another shape is left out, the area kept without it, and the value in `rejected`). Format:
 * docs/data/disturbance-formats.md.
 */
import type { NhcOutlook, OutlookChance } from '../model/disturbance-product-schemas.ts';
import type { Basin } from '../model/global-schemas.ts';
import { ShapeError, type ParseProblem } from '../model/parse-problems.ts';
import { MONTH_ABBREVIATIONS, toUtcIso, utcDate } from '../model/time.ts';
import { checkOutlookTitle, keep, type TextRejection } from '../model/upstream-text.ts';

const BASIN_OF_HEADING: Record<string, NhcOutlook['basin']> = {
  ABNT20: 'atlantic',
  ABPZ20: 'eastern-north-pacific',
  ACPN50: 'central-north-pacific',
};

/** UTC offsets (hours) of the zone abbreviations NHC and CPHC write in the issuance line. */
const ZONE_OFFSET_HOURS: Record<string, number> = {
  UTC: 0,
  GMT: 0,
  AST: -4,
  EDT: -4,
  EST: -5,
  CDT: -5,
  CST: -6,
  MDT: -6,
  MST: -7,
  PDT: -7,
  PST: -8,
  HST: -10,
};

/** `800 AM EDT Tue Aug 11 2026` → the instant; null when any part is not what it should be. */
function issuance(line: string): Date | null {
  const m = /^(\d{1,2})(\d{2}) (AM|PM) ([A-Z]{3}) [A-Z][a-z]{2} ([A-Z][a-z]{2}) (\d{1,2}) (\d{4})$/.exec(line.trim());
  if (!m) return null;
  const offset = ZONE_OFFSET_HOURS[m[4] as string];
  const month = MONTH_ABBREVIATIONS.indexOf((m[5] as string).toUpperCase()) + 1;
  const hour12 = Number(m[1]);
  if (offset === undefined || month === 0 || hour12 < 1 || hour12 > 12) return null;
  const hour = (hour12 % 12) + (m[3] === 'PM' ? 12 : 0);
  const local = utcDate(Number(m[7]), month, Number(m[6]), hour, Number(m[2]));
  return local && new Date(local.getTime() - offset * 3600_000);
}

/** `...low...near 0 percent.` after the horizon. */
function chance(text: string, horizon: string): OutlookChance | null | undefined {
  const m = new RegExp(`\\* Formation chance through ${horizon}\\.+\\s*(low|medium|high)\\.+\\s*(near )?(\\d{1,3}) percent`, 'i').exec(
    text,
  );
  if (!m) return undefined;
  const percent = Number(m[3]);
  if (percent > 100) return null;
  return { level: (m[1] as string).toLowerCase() as OutlookChance['level'], percent, approximate: Boolean(m[2]) };
}

export function parseNhcOutlook(text: string): { outlook: NhcOutlook; problems: ParseProblem[]; rejected: TextRejection[] } {
  const lines = text.replace(/\r/g, '').split('\n');
  const problems: ParseProblem[] = [];
  const rejected: TextRejection[] = [];
  const headingAt = lines.findIndex((l) => /^(ABNT20|ABPZ20|ACPN50) (KNHC|PHFO) \d{6}\b/.test(l.trim()));
  if (headingAt === -1) throw new ShapeError('not a Tropical Weather Outlook: no ABNT20 / ABPZ20 / ACPN50 heading');
  const heading = (lines[headingAt] as string).trim().split(/\s+/).slice(0, 3).join(' ');
  const issuedAtLine = lines.findIndex((l, i) => i > headingAt && issuance(l) !== null);
  const issuedAt = issuedAtLine === -1 ? null : issuance(lines[issuedAtLine] as string);
  if (!issuedAt) throw new ShapeError(`${heading}: no issuance line (800 AM EDT Tue Aug 11 2026)`);
  const end = lines.findIndex((l, i) => i > issuedAtLine && /^\$\$/.test(l.trim()));
  // Paragraphs are separated by blank lines; each keeps the line it starts on.
  const paragraphs: { lines: string[]; line: number }[] = [];
  for (let i = issuedAtLine + 1; i < (end === -1 ? lines.length : end); i += 1) {
    const line = (lines[i] as string).trim();
    if (line === '') continue;
    const previous = (lines[i - 1] as string).trim();
    if (previous === '' || i === issuedAtLine + 1) paragraphs.push({ lines: [], line: i + 1 });
    paragraphs.at(-1)?.lines.push(line);
  }
  const areas: NhcOutlook['areas'] = [];
  for (const p of paragraphs) {
    const body = p.lines.join('\n');
    if (!/Formation chance through/i.test(body)) continue;
    const head = /^(?:\d\.\s+)?(.*?)(?:\s+\(([A-Z]{2})(\d{2})\))?:$/.exec(p.lines[0] as string);
    // The title is upstream text: kept only in the shape of NHC's area titles, else the area keeps no title.
    const title = head ? keep(checkOutlookTitle(head[1]), rejected, { field: 'area title', line: p.line }) : null;
    if (!head) problems.push({ line: p.line, message: `the area's heading is not a title ending in ":": left out` });
    const investBasin = head?.[2] === 'AL' || head?.[2] === 'EP' || head?.[2] === 'CP' ? (head[2] as Basin) : null;
    const investNumber = head?.[3] ? Number(head[3]) : null;
    if (head?.[2] && (!investBasin || investNumber === null || investNumber < 90))
      problems.push({ line: p.line, message: `the area's tag (${head[2]}${head[3]}) is not an invest: left out` });
    const chances = { chance48h: chance(body, '48 hours'), chance7d: chance(body, '7 days') };
    for (const [key, value] of Object.entries(chances)) {
      if (value === undefined)
        problems.push({ line: p.line, message: `the area has no readable ${key === 'chance48h' ? '48-hour' : '7-day'} formation chance` });
      if (value === null)
        problems.push({
          line: p.line,
          message: `the area's ${key === 'chance48h' ? '48-hour' : '7-day'} formation chance is over 100 percent: left out`,
        });
    }
    areas.push({
      title,
      invest:
        investBasin && investNumber !== null && investNumber >= 90
          ? { id: `${investBasin}${head?.[3]}`, basin: investBasin, number: investNumber }
          : null,
      chance48h: chances.chance48h ?? null,
      chance7d: chances.chance7d ?? null,
    });
  }
  return {
    outlook: {
      heading,
      basin: BASIN_OF_HEADING[heading.slice(0, 6)] as NhcOutlook['basin'],
      issuedAt: toUtcIso(issuedAt),
      activeSystems: paragraphs.some((p) => /^Active Systems:/.test(p.lines[0] as string)),
      formationNotExpected: paragraphs.some((p) =>
        /^Tropical cyclone formation is not expected during the next 7 days\./.test(p.lines.join(' ').replace(/\s+/g, ' ')),
      ),
      areas,
    },
    problems,
    rejected,
  };
}
