/**
 * A table of the dump declared once as its columns (name, type, unit, meaning, value), so the CSV written, the
 * column list in the dump's text and the Table Schema in datapackage.json cannot drift apart.
 */
import { stringify } from 'csv-stringify/sync';

/** The Table Schema types the dump's columns use (https://specs.frictionlessdata.io/table-schema/#types-and-formats). */
export type FieldType = 'string' | 'integer' | 'number' | 'boolean' | 'datetime';

/**
 * Every time in the dump: ISO 8601 with its offset (+08:00 in the north-western Pacific's tables, Z in the other
 * basins'), as Python's strptime reads it (Table Schema's datetime format; `%z` takes `Z` too).
 */
export const DATETIME_FORMAT = '%Y-%m-%dT%H:%M:%S%z';

export interface Column<R> {
  name: string;
  /** How a reader should take the text: ids and codes are `string`, so that 0121 stays 0121. */
  type: FieldType;
  /** The unit of a measured value (m/s, hPa, km …), also said in the description. */
  unit?: string;
  /** The only values the column holds (besides empty). */
  values?: readonly string[];
  description: string;
  value: (row: R) => string | number | boolean | null;
}

/** Rows a CSV chunk holds: the dump streams its tables into the zip, never holding one whole in memory. */
const ROWS_PER_CHUNK = 2000;

/** CSV with a header line, in chunks of whole lines; null is an empty field, a boolean `true` or `false`. */
export function* tableCsv<R>(columns: readonly Column<R>[], rows: Iterable<R>): Generator<string> {
  // csv-stringify's own cast writes false as an empty field, which would read as missing.
  const cast = { boolean: (value: boolean) => String(value) };
  yield stringify([columns.map((c) => c.name)]);
  let batch: (string | number | boolean)[][] = [];
  for (const row of rows) {
    batch.push(columns.map((c) => c.value(row) ?? ''));
    if (batch.length === ROWS_PER_CHUNK) {
      yield stringify(batch, { cast });
      batch = [];
    }
  }
  if (batch.length) yield stringify(batch, { cast });
}

/** One line per column, `name: description`, for the dump's text. */
export const describeColumns = (columns: readonly Column<never>[]): string =>
  columns.map((c) => `  ${c.name}: ${c.description}`).join('\n');

/** The CSV's Table Schema: every column's type, unit and meaning; an empty field is a missing value. */
export function tableSchema(columns: readonly Column<never>[]) {
  return {
    fields: columns.map((c) => ({
      name: c.name,
      type: c.type,
      ...(c.type === 'datetime' ? { format: DATETIME_FORMAT } : {}),
      ...(c.type === 'boolean' ? { trueValues: ['true'], falseValues: ['false'] } : {}),
      description: c.description,
      ...(c.unit ? { unit: c.unit } : {}),
      ...(c.values ? { constraints: { enum: [...c.values] } } : {}),
    })),
    missingValues: [''],
  };
}
