/**
 * The scheduled run as Netlify declares it: its function's name and literal config. Kept apart from the run's code
 * (./scheduled-function.ts) so that what writes the functions (build/write-functions.ts) does not load the run,
 * whose connection pool (undici) would take over the process's global fetch.
 */
import {
  NAMES_FILE_IN_PROJECT,
  PAGASA_AREAS_FILE_IN_PROJECT,
  PLACES_FILE_IN_PROJECT,
  WARNING_REGIONS_FILE_IN_PROJECT,
} from '../config/paths.ts';

export const SCHEDULED_FUNCTION = {
  name: 'scheduled-run',
  /**
   * Every minute on the published deploy: each start polls only what is due (src/jobs/poll-plan.ts), most start
   * and end without asking anything. The live normalisers read the names and places tables at run time, the
   * warnings part the agencies' areas (src/sources/warning-areas.ts).
   */
  config: {
    schedule: '* * * * *',
    includedFiles: [
      `../${NAMES_FILE_IN_PROJECT}`,
      `../${PLACES_FILE_IN_PROJECT}`,
      `../${PAGASA_AREAS_FILE_IN_PROJECT}`,
      `../${WARNING_REGIONS_FILE_IN_PROJECT}`,
    ],
  },
} as const;
