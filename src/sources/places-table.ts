/**
 * The reviewed place table (content/places/places.yaml, src/model/place-names.ts) as the build and the live
 * normalisers read it, so that every landfall place gets its English from one table.
 */
import fs from 'node:fs';
import { PLACES_FILE_IN_PROJECT } from '../config/paths.ts';
import { parsePlacesTable, type PlacesTable } from '../model/place-names.ts';

/** The last table parsed, with its text: the build and every refresh read the same file. */
let lastParsed: { text: string; table: PlacesTable } | null = null;

export function placesTable(text: string): PlacesTable {
  if (lastParsed?.text !== text) lastParsed = { text, table: parsePlacesTable(text) };
  return lastParsed.table;
}

/**
 * The table for the live normalisers (the scheduled refresh, the detail lookup). Read from a plain relative path,
 * as the names table is (src/sources/names-table.ts `liveNamesTable`): the functions bundle it by `includedFiles`.
 */
export function livePlacesTable(): PlacesTable {
  return placesTable(fs.readFileSync(PLACES_FILE_IN_PROJECT, 'utf8'));
}
