/** How the parsers of source files and upstream answers say that the input is not what it should be. */
import type { TextRejection } from './upstream-text.ts';

/**
 * A fault in a source file, collected rather than thrown so that one bad line does not lose the whole file.
 * `line` is 1-based; the single-line JSON formats give 1 and name the JSON path in the message.
 */
export interface ParseProblem {
  line: number;
  message: string;
}

/** A problem in a file, or in a member of a zip (`bwp2013.zip/bwp012013.dat`). */
export interface FileProblem extends ParseProblem {
  /** Relative to the folder read, or a download's name. */
  file: string;
}

/** A value a parser left out because it failed the upstream-text check (src/model/upstream-text.ts), with its file. */
export interface FileRejection extends TextRejection {
  /** Relative to the folder read: `zj/201522.json`, `cma-bst/CH1997BST.txt`, `jma/bst_all.zip/bst_all.txt`. */
  file: string;
}

/** Thrown by the upstream normalisers when an answer does not have the expected shape (a changed or broken format). */
export class ShapeError extends Error {
  override name = 'ShapeError';
}

/**
 * One part of an answer read whole (one issuance of a payload that holds many): `read`'s value as a list of one; when it
 * throws a ShapeError and `unreadable` is given, none, the error's message told there, so that the other parts are
 * read; without `unreadable` the error is thrown.
 */
export function readWhole<T>(unreadable: ((detail: string) => void) | undefined, read: () => T): T[] {
  try {
    return [read()];
  } catch (error) {
    if (!unreadable || !(error instanceof ShapeError)) throw error;
    unreadable(error.message);
    return [];
  }
}

/**
 * Why JSON.parse refused a text, without the text: its message quotes the input (`Unexpected token 'x', "…" is
 * not valid JSON`), and an upstream's own words must never reach a log line or an answer's stale reason.
 */
export function jsonFault(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  if (/end of JSON input/i.test(message)) return 'cut off before its end';
  const at = /position (\d+)/.exec(message);
  return at ? `invalid at position ${at[1]}` : 'invalid';
}
