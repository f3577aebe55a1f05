/**
 * The CMA and JMA best tracks share a layout: a `66666` header line, then the data lines it announces. Lines that
 * belong to no header (a lost header, a block pasted twice) are reported once per run, not once per line.
 */
import type { ParseProblem } from '../model/parse-problems.ts';

/** The run of non-header lines starting at `index` (0-based): where it ends (exclusive) and the problem saying so. */
export function headerlessRun(
  lines: readonly string[],
  index: number,
  isHeader: (line: string, index: number) => boolean,
): { end: number; problem: ParseProblem } {
  let end = index + 1;
  while (end < lines.length && !isHeader(lines[end] as string, end)) end += 1;
  const run = end - index;
  const rest = run > 1 ? ` (lines ${index + 1}–${end}: ${run} lines without a header)` : '';
  return { end, problem: { line: index + 1, message: `expected a 66666 header, found "${lines[index]?.slice(0, 40)}"${rest}` } };
}
