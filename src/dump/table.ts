/**
 * A table of the dump declared once as its columns (name, meaning, value), so the CSV written and the column list
 * in the dump's text cannot drift apart.
 */
import { stringify } from 'csv-stringify/sync';

export interface Column<R> {
  name: string;
  description: string;
  value: (row: R) => string | number | null;
}

/** CSV with a header line; null is an empty field. */
export function tableCsv<R>(columns: readonly Column<R>[], rows: readonly R[]): string {
  return stringify(
    rows.map((row) => columns.map((c) => c.value(row) ?? '')),
    { header: true, columns: columns.map((c) => c.name) },
  );
}

/** One line per column, `name: description`, for the dump's text. */
export const describeColumns = (columns: readonly Column<never>[]): string =>
  columns.map((c) => `  ${c.name}: ${c.description}`).join('\n');
