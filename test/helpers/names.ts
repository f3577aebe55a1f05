/**
 * The project's typhoon names table and English-name corrections (content/names/) and its place table
 * (content/places/), as the build reads them: what
 * the parsers and text checks are given in the suites over the fixtures and over the real data alike.
 */
import fs from 'node:fs';
import { NAME_CORRECTIONS_FILE, NAMES_FILE, PLACES_FILE } from '../../src/config/paths.ts';
import { parseNameCorrections } from '../../src/sources/name-corrections.ts';
import { parseNamesTable } from '../../src/sources/names-table.ts';
import { placesTable } from '../../src/sources/places-table.ts';

export const names = parseNamesTable(fs.readFileSync(NAMES_FILE, 'utf8'));

export const places = placesTable(fs.readFileSync(PLACES_FILE, 'utf8'));

export const CORRECTIONS = parseNameCorrections(fs.readFileSync(NAME_CORRECTIONS_FILE, 'utf8'));
