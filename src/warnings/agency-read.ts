/** What one agency's read gives the refresh (src/warnings/refresh-warnings.ts). */
import type { WarningSnapshot } from '../model/warning-schemas.ts';
import type { WarningTextRejection } from '../model/warning-text.ts';

/** Each part of a read (`warnsum-en`, `feed`, `VPWW53_473000`, `bulletin_henry.pdf`) and its error; null when it was read. */
export type Parts = Record<string, string | null>;

export type AgencyRead =
  /** The answer could not be had or read: the last good one stays, told stale with this reason. */
  | { failed: string; parts: Parts }
  | {
      failed: null;
      parts: Parts;
      snapshot: WarningSnapshot;
      /** Why the state is unknown although the answer was read (PAGASA's page lists no bulletin); null otherwise. */
      stateReason: string | null;
      rejected: WarningTextRejection[];
      /** Entries left out, in words (logged, not published). */
      problems: string[];
    };

export const describeError = (error: unknown) => (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ');
