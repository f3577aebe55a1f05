/**
 * PAGASA's Tropical Cyclone Bulletins (TCB) as PAGASA publishes them: PDF. The text and its positions come from
 * pdf.js (unpdf's build); the wind signals are read from the bulletin's table "TROPICAL CYCLONE WIND SIGNALS (TCWS)
 * IN EFFECT": one row per signal number (5 to 1), and a column each for Luzon, Visayas and Mindanao, whose cells list
 * the areas ("the northern portion of Sorsogon (Prieto Diaz, City of Sorsogon, …)"). Format: docs/data/formats.md,
 * "PAGASA tropical cyclone bulletins".
 *
 * Positions matter: pdf.js gives a cell's lines in the order they were drawn, so a cell is read by where its text
 * is. The columns' edges are not text; they are found from the header row, whose words are centred on their
 * columns: the Luzon column starts where the first cell's text starts, and each column ends as far past its
 * header's centre as it starts before it. A table continued on the next page without a header keeps the edges.
 * Rows end with the line "Potential impacts of winds:" (every layout since 2022). Text that falls across an edge
 * is a fault of the whole bulletin, never guessed into a column.
 */
import { getDocumentProxy } from 'unpdf';
import { dateInOffset, toOffsetIso } from '../model/offset-time.ts';
import { ShapeError, type ParseProblem } from '../model/parse-problems.ts';
import { checkCycloneName } from '../model/upstream-text.ts';
import { ISLAND_GROUPS, type IslandGroup, type Warning, type WarningArea, type WarningSnapshot } from '../model/warning-schemas.ts';
import { checkWarningText, type WarningTextRejection } from '../model/warning-text.ts';

const PHT = '+08:00';

/** One run of text on a page: its string, the left end of its baseline (points from the bottom-left), width, height. */
export interface PdfText {
  str: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The text runs of every page of a PDF, in pdf.js's order. Throws ShapeError when the bytes are not a PDF it can read. */
export async function readPdfText(bytes: Uint8Array): Promise<PdfText[][]> {
  if (!(bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46))
    throw new ShapeError('not a PDF: it does not start with %PDF');
  try {
    // pdf.js takes the buffer over: give it a copy so the caller's bytes stay readable.
    const pdf = await getDocumentProxy(bytes.slice(), { verbosity: 0 });
    const pages: PdfText[][] = [];
    for (let n = 1; n <= pdf.numPages; n += 1) {
      const content = await (await pdf.getPage(n)).getTextContent();
      pages.push(
        content.items.flatMap((item) =>
          'str' in item && item.str.trim() !== ''
            ? [{ str: item.str, x: item.transform[4] as number, y: item.transform[5] as number, width: item.width, height: item.height }]
            : [],
        ),
      );
    }
    await pdf.destroy();
    return pages;
  } catch (error) {
    throw new ShapeError(`the PDF cannot be read: ${(error as Error).message}`);
  }
}

/** A page's lines: runs on the same baseline (within 1.5 pt), left to right, joined where they touch. */
function linesOf(page: readonly PdfText[]): { y: number; text: string; runs: PdfText[] }[] {
  const lines: { y: number; runs: PdfText[] }[] = [];
  for (const run of [...page].sort((a, b) => b.y - a.y || a.x - b.x)) {
    const line = lines.find((l) => Math.abs(l.y - run.y) < 1.5);
    if (line) line.runs.push(run);
    else lines.push({ y: run.y, runs: [run] });
  }
  return lines.map((l) => {
    const runs = l.runs.sort((a, b) => a.x - b.x);
    return { y: l.y, runs, text: joinRuns(runs) };
  });
}

/** Runs of one line as text: a space where there is a gap between them. */
function joinRuns(runs: readonly PdfText[]): string {
  let text = '';
  let end = -Infinity;
  for (const run of runs) {
    text += (text !== '' && run.x - end > 0.6 ? ' ' : '') + run.str;
    end = run.x + run.width;
  }
  return text.replace(/\s+/g, ' ').trim();
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const hour24 = (hour: number, half: string) => (hour % 12) + (half === 'PM' ? 12 : 0);

/** `Issued at 2:00 PM, 16 November 2024` → the time in PHT. */
function issuedAt(line: string): Date | null {
  const m = /^Issued at (\d{1,2}):(\d{2}) (AM|PM), (\d{1,2}) ([A-Z][a-z]+) (\d{4})$/.exec(line);
  const month = m ? MONTHS.indexOf(m[5] as string) + 1 : 0;
  if (!m || month === 0 || Number(m[1]) < 1 || Number(m[1]) > 12) return null;
  return dateInOffset(PHT, Number(m[6]), month, Number(m[4]), hour24(Number(m[1]), m[3] as string), Number(m[2]));
}

/** `Valid for broadcast until the next bulletin at 5:00 PM today.` (or tomorrow) → the time, from the issue time. */
function validUntil(line: string, issued: Date): Date | null {
  const m = /^Valid for broadcast until the next bulletin at (\d{1,2}):(\d{2}) (AM|PM) (today|tomorrow)\.?$/.exec(line);
  if (!m || Number(m[1]) < 1 || Number(m[1]) > 12) return null;
  const local = new Date(issued.getTime() + 8 * 3600_000);
  const day = dateInOffset(
    PHT,
    local.getUTCFullYear(),
    local.getUTCMonth() + 1,
    local.getUTCDate(),
    hour24(Number(m[1]), m[3] as string),
    Number(m[2]),
  );
  return day && new Date(day.getTime() + (m[4] === 'tomorrow' ? 86_400_000 : 0));
}

const CLASSES = ['Super Typhoon', 'Typhoon', 'Severe Tropical Storm', 'Tropical Storm', 'Tropical Depression'] as const;
const STORM_LINE = new RegExp(`^(${CLASSES.join('|')}) ([A-Z][A-Z'-]+)(?: \\(([A-Z][A-Z'-]+)\\))?$`);

export interface PagasaBulletin {
  /** The bulletin's number as written: `10`, `25F` (F: the final bulletin). */
  number: string;
  final: boolean;
  classification: (typeof CLASSES)[number];
  localName: string | null;
  internationalName: string | null;
  issuedAt: string;
  validUntil: string | null;
}

export interface PagasaParse {
  bulletin: PagasaBulletin;
  snapshot: WarningSnapshot;
  problems: ParseProblem[];
  rejected: WarningTextRejection[];
}

const LABELS = ['Warning lead time:', 'Range of wind speeds:', 'Potential impacts of winds:'];
const ROW_END = 'Potential impacts of winds:';

interface Columns {
  /** Left edges of Luzon, Visayas, Mindanao and the right edge of Mindanao. */
  edges: [number, number, number, number];
}

/** The column edges from a page's header row, or null when the page has none. */
function columnsOf(page: readonly PdfText[], problems: ParseProblem[]): (Columns & { headerY: number }) | null {
  const header = (word: string) => page.find((r) => r.str.trim() === word);
  const [tcws, luzon, visayas, mindanao] = ['TCWS No.', 'Luzon', 'Visayas', 'Mindanao'].map(header);
  if (!tcws || !luzon || !visayas || !mindanao) return null;
  const centre = (r: PdfText) => r.x + r.width / 2;
  const below = page.filter((r) => r.y < luzon.y - 2 && r.x > tcws.x + tcws.width && r.height < 20);
  const left = Math.min(...below.map((r) => r.x));
  if (!Number.isFinite(left)) {
    problems.push({ line: 1, message: 'the TCWS table has a header but no cell text under it' });
    return null;
  }
  const b1 = 2 * centre(luzon) - left;
  const b2 = 2 * centre(visayas) - b1;
  return { edges: [left - 1, b1, b2, 2 * centre(mindanao) - b2], headerY: luzon.y };
}

/** Runs closer than this (points) across are one column: cells are apart by their padding, at least twice this. */
const COLUMN_GAP = 8;

/**
 * A row's cell text split into its three columns. Column widths differ from row to row in some bulletins (a
 * Word table's cells resized), so the header's edges cannot be trusted for every row; cells are left-aligned and
 * apart, so the runs' extents fall into one block per cell. Three blocks are Luzon, Visayas and Mindanao in
 * order (every cell is filled: an empty one holds `-`); fewer (a row continued from the page before) are placed by
 * the page's header edges; a block that spans two columns there is a fault.
 */
function columnsOfRow(runs: readonly PdfText[], columns: Columns, where: string): PdfText[][] {
  const blocks: { left: number; right: number; runs: PdfText[] }[] = [];
  for (const run of [...runs].sort((a, b) => a.x - b.x)) {
    const last = blocks[blocks.length - 1];
    if (last && run.x - last.right < COLUMN_GAP) {
      last.right = Math.max(last.right, run.x + run.width);
      last.runs.push(run);
    } else blocks.push({ left: run.x, right: run.x + run.width, runs: [run] });
  }
  if (blocks.length > 3) throw new ShapeError(`${where}: the row's text falls into ${blocks.length} columns, not 3`);
  if (blocks.length === 3) return blocks.map((b) => b.runs);
  const cells: PdfText[][] = [[], [], []];
  for (const block of blocks) {
    const column = [0, 1, 2].find((i) => block.left >= (columns.edges[i] as number) - 2 && block.left < (columns.edges[i + 1] as number));
    if (column === undefined || (cells[column] as PdfText[]).length > 0)
      throw new ShapeError(`${where}: text at ${block.left.toFixed(1)} pt cannot be placed in one column of the TCWS table`);
    cells[column] = block.runs;
  }
  return cells;
}

/** A cell's runs as text: lines top to bottom, a hyphen at a line's end joined to the next line. */
function cellText(runs: readonly PdfText[]): string {
  const lines = linesOf(runs).map((l) => l.text);
  return lines
    .reduce((text, line) => (text === '' ? line : /\p{L}-$/u.test(text) ? text + line : `${text} ${line}`), '')
    .replace(/\(\s+/g, '(')
    .replace(/\s+([),])/g, '$1')
    .replace(/,(?=\S)/g, ', ')
    .trim();
}

/** The words of a part before `and` in `the northern and central portions of Leyte`: no split there. */
const PART_BEFORE_AND = /^(?:[Tt]he\s+)?(?:[a-z]+ern(?:most)?|central|extreme)(?:,?\s+(?:and\s+)?(?:[a-z]+ern(?:most)?|central|extreme))*$/;

/** Splits on a separator outside parentheses (but not at an `and` inside a part's words). */
function splitTopLevel(text: string, separator: RegExp): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    if (text[i] === '(') depth += 1;
    else if (text[i] === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0) {
      const m = separator.exec(text.slice(i));
      if (m && m.index === 0 && !(/and/.test(m[0]) && !m[0].includes(',') && PART_BEFORE_AND.test(text.slice(start, i).trim()))) {
        parts.push(text.slice(start, i));
        start = i + m[0].length;
        i = start - 1;
      }
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}

/**
 * A cell's areas: split at commas, `and` and `including` outside parentheses; each is `[part of] name
 * [(localities)]`, the part and name checked by shape. An area whose words do not have their shape is reported
 * and left out.
 */
function areasOf(
  text: string,
  group: IslandGroup,
  where: string,
  rejected: WarningTextRejection[],
  problems: ParseProblem[],
): WarningArea[] {
  if (/^-$/.test(text) || text === '') return [];
  const areas: WarningArea[] = [];
  for (const raw of splitTopLevel(text, /^(?:,\s*(?:and\s+)?|\s+and\s+|\s+including\s+)/)) {
    // A part is before the last ` of ` and starts with `the` (`the rest of`, `The rest of the northern portion
    // of`): a name such as `City of Tabaco` has none.
    const m = /^(?:((?:[Tt]he )[^()]+) of )?([^()]+?)(?: \(([^()]*)\))?$/.exec(raw.replace(/^and\s+/, ''));
    if (!m) {
      problems.push({ line: 1, message: `${where}: ${JSON.stringify(raw)} is not "[part of] area [(localities)]": left out` });
      continue;
    }
    let part = m[1] ? (m[1] as string).replace(/^The /, 'the ') : null;
    let name = m[2] as string;
    const mainland = /^mainland /i.exec(name);
    if (mainland) {
      name = name.slice(mainland[0].length);
      part = part ? `${part} of mainland` : 'mainland';
    }
    const checkedPart = part === null ? null : checkWarningText('pagasa-part', part, `${where} part`, rejected);
    const checkedName = checkWarningText('pagasa-area', name, `${where} area`, rejected);
    const localities = (m[3] ?? '')
      .split(/,\s*/)
      .map((l) => l.replace(/^and\s+/, '').trim())
      .filter((l) => l !== '')
      .map((l) => checkWarningText('pagasa-area', l, `${where} locality`, rejected));
    if (checkedName === null || (part !== null && checkedPart === null)) {
      problems.push({ line: 1, message: `${where}: an area whose words do not have their shape was left out (see the rejected text)` });
      continue;
    }
    // A list with a locality that cannot be read is not kept in part: a shorter list would say something else.
    const readable = localities.every((l) => l !== null);
    if (!readable)
      problems.push({
        line: 1,
        message: `${where}: ${checkedName}: a locality cannot be read: its list is left out, the area and part kept`,
      });
    areas.push({
      code: null,
      name: checkedName,
      nameEn: checkedName,
      group,
      part: checkedPart,
      localities: readable ? (localities as string[]) : [],
    });
  }
  return areas;
}

/** The areas of one cell's text (a bulletin's, or a transcription's such as pagasa-parser's XML), with what was left out. */
export function areasOfCell(
  text: string,
  group: IslandGroup,
): { areas: WarningArea[]; problems: ParseProblem[]; rejected: WarningTextRejection[] } {
  const problems: ParseProblem[] = [];
  const rejected: WarningTextRejection[] = [];
  return { areas: areasOf(text.replace(/\s+/g, ' ').trim(), group, group, rejected, problems), problems, rejected };
}

/** Every text run of the signal table, page by page in reading order, with the columns in force on its page. */
function tableRuns(pages: readonly PdfText[][], problems: ParseProblem[]): { runs: PdfText[]; columns: Columns }[] | 'none' | null {
  const out: { runs: PdfText[]; columns: Columns }[] = [];
  let columns: Columns | null = null;
  let started = false;
  for (const page of pages) {
    const lines = linesOf(page);
    const title = lines.find((l) => l.text === 'TROPICAL CYCLONE WIND SIGNALS (TCWS) IN EFFECT');
    const end = lines.find((l) => /^(?:OTHER )?HAZARDS AFFECTING LAND AREAS$/.test(l.text));
    if (!started && !title) continue;
    if (title && !started) {
      const next = lines[lines.indexOf(title) + 1];
      if (next && /^No Wind Signals? (?:currently hoisted|hoisted at this time)\.$/.test(next.text)) return 'none';
    }
    started = true;
    const header = columnsOf(page, problems);
    columns = header ?? columns;
    if (!columns) return null;
    // The page's own header and footer (bulletin title, issue lines, "Prepared by") are not the table's.
    const top = Math.min(
      ...lines.filter((l) => /^Valid for broadcast|^Issued at|^TROPICAL CYCLONE BULLETIN/.test(l.text)).map((l) => l.y),
      Infinity,
    );
    const bottom = Math.max(...lines.filter((l) => /^Prepared by:/.test(l.text)).map((l) => l.y), -Infinity);
    const upper = Math.min(title ? title.y - 1 : Infinity, header ? header.headerY - 1.5 : Infinity, top - 1);
    const lower = end ? end.y + 1 : bottom + 1;
    out.push({ runs: page.filter((r) => r.y < upper && r.y > lower && !/^Page \d+ of \d+$/.test(r.str.trim())), columns });
    if (end) return out;
  }
  return started ? out : null;
}

/** Reads a bulletin from its pages' text runs (readPdfText). Throws ShapeError when it is not a TCB or its table cannot be read. */
export function parsePagasaBulletin(pages: readonly PdfText[][]): PagasaParse {
  const problems: ParseProblem[] = [];
  const rejected: WarningTextRejection[] = [];
  const first = linesOf(pages[0] ?? []).map((l) => l.text);
  const heading = first.find((l) => /^WTPH\d{2} RPMM \d{6}$/.test(l));
  if (first.includes('TROPICAL CYCLONE WARNING FOR SHIPPING') || heading)
    throw new ShapeError(`not a tropical cyclone bulletin: a Tropical Cyclone Warning for Shipping${heading ? ` (${heading})` : ''}`);
  const titleAt = first.findIndex((l) => /^TROPICAL CYCLONE BULLETIN N[OR]\. ?\d{1,3}F?$/.test(l));
  if (titleAt === -1) throw new ShapeError('not a tropical cyclone bulletin: no "TROPICAL CYCLONE BULLETIN NR." title on its first page');
  const number = /(\d{1,3}F?)$/.exec(first[titleAt] as string)?.[1] as string;
  const storm = STORM_LINE.exec(first[titleAt + 1] ?? '');
  if (!storm) throw new ShapeError(`TCB ${number}: the line after the title is not "<class> NAME (INTERNATIONAL NAME)"`);
  const issued = first.map(issuedAt).find((d) => d !== null);
  if (!issued) throw new ShapeError(`TCB ${number}: no "Issued at h:mm AM, d Month yyyy" line`);
  const valid = first.map((l) => validUntil(l, issued)).find((d) => d !== null) ?? null;
  const name = (raw: string | undefined, field: string) => {
    const checked = checkCycloneName(raw ?? null);
    if (checked.rejection) rejected.push({ kind: 'table-words', field, value: checked.rejection.value, rule: checked.rejection.rule });
    return checked.value;
  };
  const bulletin: PagasaBulletin = {
    number,
    final: number.endsWith('F'),
    classification: storm[1] as PagasaBulletin['classification'],
    localName: name(storm[2], 'local name'),
    internationalName: name(storm[3], 'international name'),
    issuedAt: toOffsetIso(issued, PHT),
    validUntil: valid && toOffsetIso(valid, PHT),
  };
  const source = { type: 'TCB', id: `TCB#${number}`, issuedAt: bulletin.issuedAt, validUntil: bulletin.validUntil };
  const snapshotWith = (warnings: Warning[], state: WarningSnapshot['state']): PagasaParse => ({
    bulletin,
    snapshot: { agency: 'pagasa', state, sourceTime: bulletin.issuedAt, warnings, cancelled: [], documents: [source] },
    problems,
    rejected,
  });
  const table = tableRuns(pages, problems);
  if (table === 'none') return snapshotWith([], 'none-in-force');
  if (table === null) throw new ShapeError(`TCB ${number}: no TCWS table, and no "No Wind Signal" line`);

  const warnings: Warning[] = [];
  let row: { runs: PdfText[]; columns: Columns }[] = [];
  const seen = new Set<number>();
  const readRow = () => {
    const signal = row.flatMap((p) => p.runs).find((r) => r.height >= 18 && /^[1-5]$/.test(r.str.trim()) && r.x < (p0(row)?.edges[0] ?? 0));
    if (!signal) throw new ShapeError(`TCB ${number}: a row of the TCWS table has no signal number`);
    const level = Number(signal.str.trim());
    if (seen.has(level)) throw new ShapeError(`TCB ${number}: signal No. ${level} has two rows`);
    seen.add(level);
    // Each part of the row (a page) is read as text on its own: positions on two pages are not comparable.
    const cells: string[][] = [[], [], []];
    for (const part of row) {
      // A row's closing lines (lead time, wind speeds, impacts): a label and its value, right of the label.
      const labels = part.runs.filter((r) => LABELS.some((label) => r.str.trim().startsWith(label)));
      const content = part.runs.filter((r) => r.x >= part.columns.edges[0] && !labels.some((l) => Math.abs(l.y - r.y) < 1.5 && r.x >= l.x));
      columnsOfRow(content, part.columns, `TCB ${number}: signal No. ${level}`).forEach((runs, i) =>
        (cells[i] as string[]).push(cellText(runs)),
      );
    }
    cells.forEach((texts, i) => {
      const group = ISLAND_GROUPS[i] as IslandGroup;
      const text = texts.filter((t) => t !== '').join(' ');
      for (const area of areasOf(text, group, `TCWS ${level} ${group}`, rejected, problems)) {
        warnings.push({
          agency: 'pagasa',
          slot: area.name as string,
          kind: 'wind-signal',
          code: `TCWS${level}`,
          level,
          name: { en: 'Tropical Cyclone Wind Signal', zh: null, ja: null },
          words: { en: `Wind Signal No. ${level}`, zh: null, ja: null },
          area,
          circles: [],
          action: null,
          issuedAt: bulletin.issuedAt,
          updatedAt: bulletin.issuedAt,
          expiresAt: null,
          storm: { number: null, name: bulletin.internationalName, localName: bulletin.localName },
          source,
        });
      }
    });
    row = [];
  };
  for (const part of table) {
    const sorted = [...part.runs].sort((a, b) => b.y - a.y || a.x - b.x);
    const taken = new Set<PdfText>();
    let current: PdfText[] = [];
    for (const run of sorted) {
      if (taken.has(run)) continue;
      current.push(run);
      if (run.str.trim() === ROW_END) {
        // The rest of the label's line (its value, a hair lower or higher) belongs to this row too.
        const line = sorted.filter((r) => r !== run && Math.abs(r.y - run.y) < 1.5 && !current.includes(r));
        for (const r of line) taken.add(r);
        row.push({ runs: [...current, ...line], columns: part.columns });
        readRow();
        current = [];
      }
    }
    if (current.length > 0) row.push({ runs: current, columns: part.columns });
  }
  if (row.some((p) => p.runs.length > 0)) throw new ShapeError(`TCB ${number}: the TCWS table ends inside a row (no "${ROW_END}" line)`);
  if (seen.size === 0) throw new ShapeError(`TCB ${number}: the TCWS table has no row`);
  return snapshotWith(warnings, 'in-force');
}

const p0 = (row: readonly { columns: Columns }[]) => row[0]?.columns;
