/**
 * Output shown as text (an HTTP transcript of `curl -si`, XML of a feed), cut by two rules: a line that is only
 * `…` (or an XML comment `<!-- … -->`) stands for any number of lines left out, and `…` inside a line for any
 * characters left out. Every other line is the output's own, in order, and the lines between two gaps follow one
 * another. In an HTTP transcript (`HTTP/1.1 200 OK`, headers, a blank line, the body) the headers shown are a
 * choice, in any order: each must be answered with its value (case aside in its name; a date or age only
 * present), and without a `…` among them they are all. A JSON line of an envelope without data (an error) is
 * compared without its `ts`, the time it was answered, which no run repeats.
 */
import { VARYING_HEADERS, withShownTime } from './trimmed-json.ts';

const isGap = (line: string) => line.trim() === '…' || /^\s*<!-- ….*-->\s*$/.test(line);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A JSON line with the shown line's `ts` when both are envelopes without data. */
function comparable(actual: string, shown: string): string {
  if (!actual.startsWith('{') || !shown.startsWith('{')) return actual;
  try {
    const shownTs = (JSON.parse(shown) as { ts?: unknown }).ts;
    return JSON.stringify(withShownTime(JSON.parse(actual), typeof shownTs === 'number' ? shownTs : null));
  } catch {
    return actual;
  }
}

export function lineMatches(shown: string, actual: string): boolean {
  const real = comparable(actual, shown);
  if (!shown.includes('…')) return real === shown;
  return new RegExp(`^${shown.split('…').map(escapeRegExp).join('.*')}$`).test(real);
}

/** The shown lines split at the gaps, and whether the output may have lines before the first and after the last. */
function segments(shown: string[]): { parts: string[][]; openStart: boolean; openEnd: boolean } {
  const parts: string[][] = [[]];
  for (const line of shown) {
    if (isGap(line)) parts.push([]);
    else (parts.at(-1) as string[]).push(line);
  }
  return {
    parts: parts.filter((part) => part.length > 0),
    openStart: shown.length > 0 && isGap(shown[0] as string),
    openEnd: shown.length > 0 && isGap(shown.at(-1) as string),
  };
}

/** Whether the lines are what the block shows, gaps and cuts allowed. */
function linesMatch(shown: string[], actual: string[]): boolean {
  const { parts, openStart, openEnd } = segments(shown);
  const at = (part: string[], i: number) => part.every((line, k) => i + k < actual.length && lineMatches(line, actual[i + k] as string));
  const place = (index: number, from: number): boolean => {
    const part = parts[index];
    if (!part) return openEnd || from === actual.length;
    const last = index === 0 && !openStart ? from : actual.length - part.length;
    for (let i = from; i <= last; i++) if (at(part, i) && place(index + 1, i + part.length)) return true;
    return false;
  };
  return parts.length === 0 ? actual.length === 0 || openStart : place(0, 0);
}

/** What a line is about, to find it again in a changed output: a header's name, an element's tag, a JSON body. */
function keyOf(line: string): string {
  const header = /^([A-Za-z0-9-]+):/.exec(line);
  if (header) return `header ${(header[1] as string).toLowerCase()}`;
  const element = /^\s*(<\/?[^\s>/]+)/.exec(line);
  if (element) return `element ${element[1]}`;
  if (/^HTTP\//.test(line)) return 'status';
  if (line.startsWith('{')) return 'json';
  return `line ${line}`;
}

/**
 * The block written again for a changed output, keeping its gaps: each shown line is replaced by the next line of
 * the output about the same thing (a cut line that still matches is kept as it is); a line whose thing is gone
 * is dropped.
 */
function rewriteLines(shown: string[], actual: string[]): string[] {
  if (linesMatch(shown, actual)) return shown;
  const out: string[] = [];
  let next = 0;
  for (const line of shown) {
    if (isGap(line)) {
      out.push(line);
      continue;
    }
    const key = keyOf(line);
    let found = -1;
    for (let i = next; i < actual.length; i++) {
      if (keyOf(actual[i] as string) === key) {
        found = i;
        break;
      }
    }
    if (found === -1) continue;
    const real = actual[found] as string;
    out.push(lineMatches(line, real) ? line : comparable(real, line));
    next = found + 1;
  }
  return out;
}

interface Transcript {
  status: string;
  headers: string[];
  body: string[];
}

const isTranscript = (lines: string[]) => /^HTTP\//.test(lines[0] ?? '');

function transcript(lines: string[]): Transcript {
  const blank = lines.indexOf('');
  const end = blank === -1 ? lines.length : blank;
  return { status: lines[0] as string, headers: lines.slice(1, end), body: blank === -1 ? [] : lines.slice(blank + 1) };
}

const headerName = (line: string) => line.slice(0, line.indexOf(':')).trim().toLowerCase();

/** The answered header line a shown one names, if any. */
const answered = (shown: string, actual: string[]) => actual.find((line) => headerName(line) === headerName(shown));

function headerMatches(shown: string, actual: string[]): boolean {
  const line = answered(shown, actual);
  if (line === undefined) return false;
  if (VARYING_HEADERS.has(headerName(shown))) return true;
  return lineMatches(shown.replace(/^[^:]+/, ''), line.replace(/^[^:]+/, ''));
}

function headersMatch(shown: string[], actual: string[]): boolean {
  const named = shown.filter((line) => !isGap(line));
  return named.every((line) => headerMatches(line, actual)) && (named.length < shown.length || named.length === actual.length);
}

/** Whether the output is what the block shows, gaps and cuts allowed. */
export function textMatches(shown: string[], actual: string[]): boolean {
  if (!isTranscript(shown)) return linesMatch(shown, actual);
  const [a, b] = [transcript(shown), transcript(actual)];
  return lineMatches(a.status, b.status) && headersMatch(a.headers, b.headers) && linesMatch(a.body, b.body);
}

/**
 * The block written again for a changed output, keeping its gaps: each shown line is replaced by the output's line
 * about the same thing (a header of the same name, the next element of the same tag; a cut line that still
 * matches is kept as it is); a line whose thing is gone is dropped.
 */
export function rewriteText(shown: string[], actual: string[]): string[] {
  if (textMatches(shown, actual)) return shown;
  if (!isTranscript(shown)) return rewriteLines(shown, actual);
  const [a, b] = [transcript(shown), transcript(actual)];
  const headers = a.headers.flatMap((line) => {
    if (isGap(line) || headerMatches(line, b.headers)) return [line];
    return answered(line, b.headers) ?? [];
  });
  return [b.status, ...headers, ...(b.body.length > 0 || a.body.length > 0 ? ['', ...rewriteLines(a.body, b.body)] : [])];
}
