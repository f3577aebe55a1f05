import path from 'node:path';
import { realData } from './real-data.ts';

/** The small hand-written archive in the real formats (see fixtures/sources/README.md). */
export const FIXTURE_SOURCES = path.resolve(import.meta.dirname, '..', 'fixtures', 'sources');

/** Other agencies' best tracks, invented storms in their formats (see fixtures/agencies/README.md). */
export const FIXTURE_AGENCIES = path.resolve(import.meta.dirname, '..', 'fixtures', 'agencies');

/** The real archive when its location is given (CI: ../shared/data/archive), else null. */
export const REAL_SOURCES: string | null = realData('archive');
