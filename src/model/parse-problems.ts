/** How the parsers of source files and upstream answers say that the input is not what it should be. */

/**
 * A fault in a source file, collected rather than thrown so that one bad line does not lose the whole file.
 * `line` is 1-based; the single-line JSON formats give 1 and name the JSON path in the message.
 */
export interface ParseProblem {
  line: number;
  message: string;
}

/** Thrown by the upstream normalisers when an answer does not have the expected shape (a changed or broken format). */
export class ShapeError extends Error {
  override name = 'ShapeError';
}
