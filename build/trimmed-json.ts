/**
 * Answers as the documentation shows them: JSON cut by the docs' rules (arrays with `// … n more (m in all)`,
 * fields left out with `// … left out here: a, b`, long strings cut with `…`), after a `// <status>` line and
 * optional `// Header: value` lines. `readShownAnswer` reads what a block keeps; `answerBlock` writes a real answer
 * the same way.
 */

/** Headers an example may show whose values change from run to run (an ETag changes only with the answer's bytes). */
export const VARYING_HEADERS = new Set(['date', 'age', 'last-modified']);

/** Whether an example's block is the block its answer gives. */
export const sameAnswer = (a: string[], b: string[]) => a.join('\n') === b.join('\n');

/** What an example shows of a JSON value: which fields, how many items, where strings are cut. */
type Shape =
  | { kind: 'object'; shown: { key: string; shape: Shape }[]; leftOut: string[] }
  | { kind: 'array'; items: Shape[]; more: boolean }
  | { kind: 'string'; cutAt: number | null }
  | { kind: 'other' };

const MORE = '__example_more__';
const LEFT_OUT = '__example_left_out__';

/** The status, headers and trimming an answer block shows. */
export interface ShownAnswer {
  status: number;
  headers: [string, string][];
  shape: Shape | null;
  /** The envelope's `ts` as shown: an error's is the time it was answered, which no run repeats. */
  ts: number | null;
}

export function readShownAnswer(block: string[]): ShownAnswer {
  let status = 0;
  const headers: [string, string][] = [];
  let i = 0;
  for (; i < block.length; i++) {
    const line = (block[i] as string).trim();
    const statusLine = /^\/\/ (\d{3})$/.exec(line);
    const header = /^\/\/ ([A-Za-z-]+): (.*)$/.exec(line);
    if (statusLine) status = Number(statusLine[1]);
    else if (header) headers.push([header[1] as string, header[2] as string]);
    else break;
  }
  const body = block
    .slice(i)
    .map((line) => {
      const more = /^(\s*)\/\/ … \d+ more \((\d+) in all\)\s*$/.exec(line);
      if (more) return `${more[1]}, "${MORE}",`;
      const leftOut = /^(\s*)\/\/ … left out here: (.*)$/.exec(line);
      if (leftOut) return `${leftOut[1]}, "${LEFT_OUT}": ${JSON.stringify(leftOut[2])},`;
      return line;
    })
    .join('\n')
    .replace(/,(\s*,)+/g, ',')
    .replace(/([[{])\s*,/g, '$1')
    .replace(/,(\s*[\]}])/g, '$1');
  if (body.trim() === '') return { status, headers, shape: null, ts: null };
  const parsed: unknown = JSON.parse(body);
  const ts = (parsed as { ts?: unknown }).ts;
  return { status, headers, shape: shapeOf(parsed), ts: typeof ts === 'number' ? ts : null };
}

function shapeOf(value: unknown): Shape {
  if (Array.isArray(value)) {
    const more = value.at(-1) === MORE;
    return { kind: 'array', items: (more ? value.slice(0, -1) : value).map(shapeOf), more };
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    const leftOut = entries.find(([key]) => key === LEFT_OUT)?.[1] as string | undefined;
    return {
      kind: 'object',
      shown: entries.filter(([key]) => key !== LEFT_OUT).map(([key, v]) => ({ key, shape: shapeOf(v) })),
      leftOut: leftOut ? leftOut.split(',').map((key) => key.trim()) : [],
    };
  }
  if (typeof value === 'string') return { kind: 'string', cutAt: value.endsWith('…') ? value.length - 1 : null };
  return { kind: 'other' };
}

const INDENT = '  ';
const INLINE_WIDTH = 100;

/** A value written on one line when it holds no object or array and fits. */
function inline(value: unknown): string | null {
  if (Array.isArray(value)) {
    if (value.some((v) => v !== null && typeof v === 'object' && !(Array.isArray(v) && inline(v) !== null))) return null;
    const text = `[${value.map((v) => inline(v) ?? '').join(', ')}]`;
    return text.length <= INLINE_WIDTH ? text : null;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    if (entries.some(([, v]) => v !== null && typeof v === 'object')) return null;
    const text = `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(', ')} }`;
    return text.length <= INLINE_WIDTH ? text : null;
  }
  return JSON.stringify(value);
}

/** The answer's JSON written as the example shows it, keeping its trimming; new fields are listed as left out. */
export function renderTrimmed(value: unknown, shape: Shape | null, depth = 0): string {
  const pad = INDENT.repeat(depth + 1);
  const close = INDENT.repeat(depth);
  if (Array.isArray(value)) {
    const itemShapes = shape?.kind === 'array' ? shape.items : null;
    const keep = itemShapes === null || !shape || shape.kind !== 'array' || !shape.more ? value.length : itemShapes.length;
    const oneLine = keep === value.length && itemShapes?.every((s) => s.kind !== 'object') !== false ? inline(value) : null;
    if (oneLine !== null && (shape === null || shape.kind !== 'array' || !shape.more)) return oneLine;
    const lines = value
      .slice(0, keep)
      .map((item, i) => `${pad}${renderTrimmed(item, itemShapes?.[i] ?? itemShapes?.[0] ?? null, depth + 1)},`);
    if (keep < value.length) lines.push(`${pad}// … ${value.length - keep} more (${value.length} in all)`);
    else if (lines.length > 0) lines[lines.length - 1] = (lines.at(-1) as string).slice(0, -1);
    return lines.length === 0 ? '[]' : `[\n${lines.join('\n')}\n${close}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    // `{}` in an example is an empty object; for one that is not, it shows every field.
    if (shape?.kind === 'object' && shape.shown.length === 0 && shape.leftOut.length === 0) shape = null;
    if (shape === null || shape.kind !== 'object') {
      const oneLine = inline(value);
      if (oneLine !== null) return oneLine;
    }
    const shown = shape?.kind === 'object' ? new Map(shape.shown.map((s) => [s.key, s.shape])) : null;
    const listed = shape?.kind === 'object' ? new Set(shape.leftOut) : new Set<string>();
    const kept = entries.filter(([key]) => shown === null || shown.has(key));
    const leftOut = entries.filter(([key]) => shown !== null && !shown.has(key)).map(([key]) => key);
    if (shape?.kind === 'object' && kept.length === entries.length && shape.leftOut.length === 0) {
      const oneLine = shape.shown.every((s) => s.shape.kind === 'other' || s.shape.kind === 'string') ? inline(value) : null;
      if (oneLine !== null) return oneLine;
    }
    const lines = kept.map(([key, v]) => `${pad}${JSON.stringify(key)}: ${renderTrimmed(v, shown?.get(key) ?? null, depth + 1)},`);
    // Fields the example listed keep their order; fields the answer gained since are added to the list.
    const ordered = [
      ...(shape?.kind === 'object' ? shape.leftOut.filter((k) => leftOut.includes(k)) : []),
      ...leftOut.filter((k) => !listed.has(k)),
    ];
    if (lines.length > 0) lines[lines.length - 1] = (lines.at(-1) as string).slice(0, -1);
    if (ordered.length > 0) lines.push(`${pad}// … left out here: ${ordered.join(', ')}`);
    return lines.length === 0 ? '{}' : `{\n${lines.join('\n')}\n${close}}`;
  }
  if (typeof value === 'string' && shape?.kind === 'string' && shape.cutAt !== null && value.length > shape.cutAt) {
    return JSON.stringify(`${value.slice(0, shape.cutAt)}…`);
  }
  return JSON.stringify(value);
}

export interface RealAnswer {
  status: number;
  headers: Headers;
  text: string;
}

/** The answer block an example should hold for a real answer (its lines, without the fences). */
export function answerBlock(shown: ShownAnswer, real: RealAnswer): string[] {
  const headers = shown.headers.map(([name, value]) => {
    const actual = real.headers.get(name);
    return `// ${name}: ${VARYING_HEADERS.has(name.toLowerCase()) ? value : (actual ?? '(absent)')}`;
  });
  const body = real.text === '' ? [] : renderTrimmed(withShownTime(JSON.parse(real.text), shown.ts), shown.shape).split('\n');
  return [`// ${real.status}`, ...headers, ...body];
}

/** An envelope without data (an error, a preflight) is timed when answered: the example keeps the time it shows. */
export function withShownTime(body: unknown, shownTs: number | null): unknown {
  const envelope = body as { data?: unknown; ts?: unknown };
  if (shownTs === null || typeof envelope.ts !== 'number' || envelope.data !== null) return body;
  return { ...envelope, ts: shownTs };
}
