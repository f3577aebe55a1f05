import type { StormIds } from './typhoon-schemas.ts';

/** The ids of a storm no other agency's record is linked to (yet): a live storm, or one the crosswalk left alone. */
export const unlinkedIds = (code: string): StormIds => ({ cma: code, jma: null, jtwc: null, hko: null, ibtracs: null });
