/**
 * Reading a CSV of the dump as its datapackage.json declares it (Frictionless Table Schema): the header must be the
 * declared fields in order, every non-missing cell must be of its field's type (and format, and enum), and each
 * cell is returned as the type says (ids as text, numbers as numbers, missing as null), as pandas with
 * `dtype=` or frictionless would read it. Shared by test/unit/dump.test.ts and test/real-data/dump.test.ts.
 */
import { parse } from 'csv-parse/sync';

export interface TableField {
  name: string;
  type: 'string' | 'integer' | 'number' | 'boolean' | 'datetime';
  format?: string;
  trueValues?: string[];
  falseValues?: string[];
  unit?: string;
  description: string;
  constraints?: { enum: string[] };
}

export interface TableSchema {
  fields: TableField[];
  missingValues: string[];
}

const INTEGER = /^[+-]?\d+$/;
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
/** `%Y-%m-%dT%H:%M:%S%z` with the offset written as ±hh:mm or Z (Python's strptime takes ±hhmm, ±hh:mm and Z). */
const DATETIME_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}([+-]\d{2}:?\d{2}|Z)$/;

function cellValue(field: TableField, text: string): string | number | boolean | Date | undefined {
  if (field.constraints && !field.constraints.enum.includes(text)) return undefined;
  switch (field.type) {
    case 'string':
      return text;
    case 'integer':
      return INTEGER.test(text) ? Number(text) : undefined;
    case 'number':
      return NUMBER.test(text) ? Number(text) : undefined;
    case 'boolean':
      // Table Schema's defaults are true/True/TRUE/1 and false/False/FALSE/0; a field may narrow them.
      if ((field.trueValues ?? ['true', 'True', 'TRUE', '1']).includes(text)) return true;
      return (field.falseValues ?? ['false', 'False', 'FALSE', '0']).includes(text) ? false : undefined;
    case 'datetime': {
      if (field.format !== '%Y-%m-%dT%H:%M:%S%z' || !DATETIME_WITH_OFFSET.test(text)) return undefined;
      const date = new Date(text);
      return Number.isNaN(date.getTime()) ? undefined : date;
    }
  }
}

/** The rows typed by the schema, and every cell that does not fit it (`row`: 1 is the first data line). */
export function readTyped(
  schema: TableSchema,
  csvText: string,
): { header: string[]; rows: Record<string, string | number | boolean | Date | null>[]; faults: string[] } {
  const [header = [], ...lines] = parse(csvText) as string[][];
  const faults: string[] = [];
  if (header.join() !== schema.fields.map((f) => f.name).join()) faults.push(`header ${header.join()} is not the declared fields`);
  const rows = lines.map((line, i) =>
    Object.fromEntries(
      schema.fields.map((field, column) => {
        const text = line[column] ?? '';
        if (schema.missingValues.includes(text)) return [field.name, null];
        const value = cellValue(field, text);
        if (value === undefined) {
          faults.push(
            `row ${i + 1} ${field.name}: "${text}" is not a ${field.type}${field.constraints ? ` in ${field.constraints.enum}` : ''}`,
          );
          return [field.name, null];
        }
        return [field.name, value];
      }),
    ),
  );
  return { header, rows, faults };
}
