import path from 'node:path';
import { realData } from './real-data.ts';

/** The small hand-written archive in the real formats (see fixtures/sources/README.md). */
export const FIXTURE_SOURCES = path.resolve(import.meta.dirname, '..', 'fixtures', 'sources');

/** Other agencies' best tracks, invented storms in their formats (see fixtures/agencies/README.md). */
export const FIXTURE_AGENCIES = path.resolve(import.meta.dirname, '..', 'fixtures', 'agencies');

/** Best tracks of the other basins, invented storms in NHC's and NCEI's formats (see fixtures/global-sources/README.md). */
export const FIXTURE_GLOBAL_SOURCES = path.resolve(import.meta.dirname, '..', 'fixtures', 'global-sources');

/** An official forecast a-deck and its storm's HURDAT2 best track, an invented storm (see fixtures/forecasts/README.md). */
export const FIXTURE_FORECASTS = path.resolve(import.meta.dirname, '..', 'fixtures', 'forecasts');

/** The real archive when its location is given (CI gives it: .ci/run), else null. */
export const REAL_SOURCES: string | null = realData('archive');

/**
 * The other agencies' tracks a test build of these sources reads: with the real archive the real ones when given
 * (CI gives both); otherwise those beside the sources (the sample archive has its own, in sources/agencies).
 */
export const agenciesFor = (sourcesDir: string): string | undefined =>
  REAL_SOURCES && path.resolve(sourcesDir) === REAL_SOURCES ? (realData('agencies') ?? undefined) : undefined;
