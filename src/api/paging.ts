/**
 * Paged lists: `page` from 1 and `size` 1–50 (defaults 1 and 20; out-of-range values are 40001 when the query is
 * parsed, never clamped); a page past the end is an empty list with the total.
 */

/** The shape of `pageSchema` in src/model/content-schemas.ts. */
export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  size: number;
  pages: number;
}

export function pageOf<T>(items: readonly T[], { page, size }: { page: number; size: number }): Page<T> {
  return { list: items.slice((page - 1) * size, page * size), total: items.length, page, size, pages: Math.ceil(items.length / size) };
}
