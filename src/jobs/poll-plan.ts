/**
 * What a scheduled run polls. The function is started every minute (src/jobs/schedule.ts); each start decides,
 * from the stored poll state and the time alone (planPolls, pure), which parts are due:
 *
 * - the north-western Pacific services every ACTIVE_PACE_MS (every start) while something is active (a storm in the snapshot,
 *   a check of ACTIVITY_CHECKS) or the last poll found a change, else every IDLE_PACE_MS (the pace before runs
 *   became adaptive, so an idle season asks no more than it did);
 * - among those polls, a full one (every storm's details from both services) every IDLE_PACE_MS; the polls
 *   between ask the Zhejiang list and the details only of the storms whose latest position changed;
 * - the global sources every IDLE_PACE_MS (the spec's 15 minutes; none of them publishes more often);
 * - each warning agency (HKO, JMA, PAGASA) every WARNING_ACTIVE_PACE_MS while a storm of the snapshot is within
 *   STORM_LINK_MAX_KM of its region (Hong Kong, Japan, the Philippines), else every IDLE_PACE_MS.
 *
 * A start where nothing is due asks no upstream and writes nothing.
 */
import { z } from 'zod';
import { readDocumentValue, writeDocument, type DocumentKind } from '../store/documents.ts';
import type { KeyValueStore } from '../store/store.ts';
import { readSnapshot } from '../live/snapshot.ts';
import { readDisturbanceRecords } from '../global/disturbance-view.ts';
import { agencyRegionKm, STORM_LINK_MAX_KM } from '../model/warning-rules.ts';
import { WARNING_AGENCIES, type WarningAgency } from '../model/warning-schemas.ts';
import { warningAreas } from '../sources/warning-areas.ts';

/** The pace while nothing is active: the 15 minutes of the spec. */
export const IDLE_PACE_MS = 15 * 60_000;
/**
 * The north-western Pacific pace while something is active: the Zhejiang list (conditional, one small answer; the
 * details only of the storms it says changed) at every start of the function, so a position released just after a
 * poll is fetched at the next minute and answered at once (the run purges the CDN): under 2 minutes from release.
 */
export const ACTIVE_PACE_MS = 60_000;
/** The function's schedule ticks every minute; a poll is due half a tick early, so a late start skips none. */
export const TICK_MS = 60_000;
/** A warning agency's pace while a storm is within STORM_LINK_MAX_KM of its region (issue 29: every 5 minutes). */
export const WARNING_ACTIVE_PACE_MS = 5 * 60_000;

const lastPoll = z.object({ lastPollAt: z.string().nullable() });

export const pollStateSchema = z.object({
  nwPacific: z.object({
    lastPollAt: z.string().nullable(),
    lastFullAt: z.string().nullable(),
    /** The last poll changed the stored storms (a new position, a storm gone); a failure alone changes none. */
    changed: z.boolean(),
  }),
  global: lastPoll,
  warnings: z.object({ hko: lastPoll, jma: lastPoll, pagasa: lastPoll }),
});
export type PollState = z.infer<typeof pollStateSchema>;

const NO_WARNING_POLLS: PollState['warnings'] = { hko: { lastPollAt: null }, jma: { lastPollAt: null }, pagasa: { lastPollAt: null } };
export const NO_POLLS: PollState = {
  nwPacific: { lastPollAt: null, lastFullAt: null, changed: false },
  global: { lastPollAt: null },
  warnings: NO_WARNING_POLLS,
};

/** Version 2 has the warning agencies (none polled before). */
const POLL_STATE: DocumentKind<PollState> = {
  name: 'poll state',
  schema: pollStateSchema,
  version: 2,
  migrate: (data) => (typeof data === 'object' && data !== null ? { warnings: NO_WARNING_POLLS, ...data } : data),
};
const POLL_STATE_KEY = 'poll-state';

/** An unreadable poll state reads as "never polled": the next start polls everything, as a first run does. */
export const readPollState = async (store: KeyValueStore): Promise<PollState> =>
  (await readDocumentValue(store, POLL_STATE_KEY, POLL_STATE).catch(() => null)) ?? NO_POLLS;
export const writePollState = (store: KeyValueStore, state: PollState) => writeDocument(store, POLL_STATE_KEY, POLL_STATE, state);

/**
 * What makes the north-western Pacific worth polling often, each a question to the store. Another kind of
 * activity is one more line here (a disturbance: `{ name: 'disturbance', isActive: async (store) => … }`).
 */
export interface ActivityCheck {
  name: string;
  isActive: (store: KeyValueStore, now: Date) => Promise<boolean>;
}

export const ACTIVITY_CHECKS: readonly ActivityCheck[] = [
  { name: 'storm', isActive: async (store) => ((await readSnapshot(store).catch(() => null))?.typhoons.length ?? 0) > 0 },
  // A north-western Pacific invest: the Zhejiang service and NMC list a depression as soon as it forms.
  { name: 'disturbance', isActive: async (store, now) => (await activeWpDisturbances(store, now)) > 0 },
];

async function activeWpDisturbances(store: KeyValueStore, now: Date): Promise<number> {
  const read = await readDisturbanceRecords(store, now).catch(() => null);
  return read?.state === 'ok' ? read.records.filter((d) => d.isActive && d.basin === 'WP').length : 0;
}

/** The warning agencies with a storm of the snapshot (its latest position) within STORM_LINK_MAX_KM of their region. */
export async function warningAgenciesNearStorms(store: KeyValueStore): Promise<WarningAgency[]> {
  const storms = (await readSnapshot(store).catch(() => null))?.typhoons ?? [];
  if (storms.length === 0) return [];
  const areas = warningAreas();
  const positions = storms.flatMap((t) => (t.points.length ? [t.points[t.points.length - 1] as { lat: number; lng: number }] : []));
  return WARNING_AGENCIES.filter((agency) => positions.some((p) => agencyRegionKm(agency, p, areas) <= STORM_LINK_MAX_KM));
}

/** What the store says, for planPolls. */
export interface PollInputs {
  state: PollState;
  /** The names of the checks that found something active. */
  active: readonly string[];
  /** The warning agencies a storm is near (their fast pace). */
  warningsNear: readonly WarningAgency[];
}

export async function readPollInputs(
  store: KeyValueStore,
  now: Date,
  checks: readonly ActivityCheck[] = ACTIVITY_CHECKS,
): Promise<PollInputs> {
  const [state, answers, warningsNear] = await Promise.all([
    readPollState(store),
    Promise.all(checks.map(async (check) => ((await check.isActive(store, now).catch(() => false)) ? [check.name] : []))),
    warningAgenciesNearStorms(store).catch(() => []),
  ]);
  return { state, active: answers.flat(), warningsNear };
}

export interface PollPlan {
  /** null: the north-western Pacific is not due; `full`: every storm's details from both services; `changes`: see above. */
  nwPacific: 'full' | 'changes' | null;
  global: boolean;
  /** The warning agencies due (each at its own pace: a storm near its region, or not). */
  warnings: WarningAgency[];
  /** Why the fast pace applies (the active checks, `changed`); empty at the idle pace. */
  reasons: string[];
}

const due = (lastAt: string | null, pace: number, now: Date) => lastAt === null || now.getTime() - Date.parse(lastAt) >= pace - TICK_MS / 2;

export function planPolls({ state, active, warningsNear }: PollInputs, now: Date): PollPlan {
  const reasons = [...active, ...(state.nwPacific.changed ? ['changed'] : [])];
  const pace = reasons.length > 0 ? ACTIVE_PACE_MS : IDLE_PACE_MS;
  const nwDue = due(state.nwPacific.lastPollAt, pace, now);
  const full = due(state.nwPacific.lastFullAt, IDLE_PACE_MS, now);
  return {
    nwPacific: !nwDue ? null : full ? 'full' : 'changes',
    global: due(state.global.lastPollAt, IDLE_PACE_MS, now),
    warnings: WARNING_AGENCIES.filter((a) =>
      due(state.warnings[a].lastPollAt, warningsNear.includes(a) ? WARNING_ACTIVE_PACE_MS : IDLE_PACE_MS, now),
    ),
    reasons,
  };
}
