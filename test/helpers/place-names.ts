/**
 * Chinese place text in English with the reviewed table (content/places/places.yaml), and the landfall places of an
 * archive: shared by the place-name suites over the fixture and demo archives (test/unit/place-names.test.ts) and
 * over the real archive (test/real-data).
 */
import fs from 'node:fs';
import path from 'node:path';
import { PLACES_FILE } from '../../src/config/paths.ts';
import { parsePlacesTable, placeInEnglish } from '../../src/model/place-names.ts';
import { liveNamesTable } from '../../src/sources/names-table.ts';
import { parseZjArchiveFile } from '../../src/sources/zj-archive.ts';

const tableText = fs.readFileSync(PLACES_FILE, 'utf8');
export const table = parsePlacesTable(tableText);
export const english = (text: string) => placeInEnglish(text, table);
export const ASCII_PRINTABLE = /^[\x20-\x7e]+$/;

/** The landfall places (`land[].position`) of an archive's Zhejiang files, as the archive parser reads them. */
export function landfallPlaces(sourcesDir: string): string[] {
  const dir = path.join(sourcesDir, 'zj');
  return fs
    .readdirSync(dir)
    .filter((file) => /^\d{6}\.json$/.test(file))
    .flatMap(
      (file) =>
        parseZjArchiveFile(fs.readFileSync(path.join(dir, file), 'utf8'), liveNamesTable(), table).storm?.land.map((l) => l.position) ?? [],
    );
}
