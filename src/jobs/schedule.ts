/**
 * The scheduled run as Netlify declares it: its function's name and literal config. Kept apart from the run's code
 * (./scheduled-function.ts) so that what writes the functions (build/write-functions.ts) does not load the run,
 * whose connection pool (undici) would take over the process's global fetch.
 */
import { NAMES_FILE_IN_PROJECT, PLACES_FILE_IN_PROJECT } from '../config/paths.ts';

export const SCHEDULED_FUNCTION = {
  name: 'scheduled-run',
  /** Every 15 minutes on the published deploy; the live normalisers read the names and places tables at run time. */
  config: { schedule: '*/15 * * * *', includedFiles: [`../${NAMES_FILE_IN_PROJECT}`, `../${PLACES_FILE_IN_PROJECT}`] },
} as const;
