/**
 * Flash news of the warnings (docs/api/warnings.md, "Flash news"): an item when an agency raises, changes, lowers or
 * cancels a signal people act on, from the changes the scheduled run recorded (src/warnings/refresh-warnings.ts):
 *
 * - HKO: its tropical cyclone signal, when No. 3 or higher is raised, changed or lowered to or from, and its
 *   cancellation of a No. 3 or higher;
 * - PAGASA: its wind signals No. 3 and higher, per bulletin and signal number (the areas listed together);
 * - JMA: storm warnings (暴風) and every special warning (特別警報), per document and warning (the municipalities
 *   listed together).
 *
 * Only what the agency said: a change known because the answer no longer lists a warning (`left-the-answer`), or
 * because its expiry passed, is in the history, never an item. A change whose agency names no active storm is not
 * said to be for one (the nearest-active link is this service's rule, not the agency's word): its item's code is
 * the agency. Each item's key names the change once and for all, so deriving it again never repeats an item.
 */
import type { WarningChangeEntry } from '../model/warning-answer-schemas.ts';
import type { FlashEvent, WarningEventData } from './events.ts';

/** Changes recorded this long ago or less are announced; older ones (a run that could not write its items) are history only. */
export const ANNOUNCE_WITHIN_MS = 6 * 3_600_000;

const level = (e: WarningChangeEntry) => Math.max(e.from?.level ?? 0, e.to?.level ?? 0);

/** Whether an agency's change is one people act on (above). */
export function isAnnounced(e: WarningChangeEntry): boolean {
  if (e.how !== 'agency-said') return false;
  if (e.agency === 'hko') return e.kind === 'tropical-cyclone-signal' && level(e) >= 3;
  if (e.agency === 'pagasa') return e.kind === 'wind-signal' && level(e) >= 3;
  return e.kind === 'area-warning' && (e.slot.endsWith(':暴風') || level(e) >= 3);
}

/** The events of the changes recorded within ANNOUNCE_WITHIN_MS of `now`, one per change (grouped by document for areas). */
export function warningEvents(entries: readonly WarningChangeEntry[], now: Date): FlashEvent[] {
  const groups = new Map<string, WarningChangeEntry[]>();
  for (const e of entries) {
    if (!isAnnounced(e) || now.getTime() - Date.parse(e.recordedAt) > ANNOUNCE_WITHIN_MS) continue;
    // One item per document, change and what it is now (and was): its areas together.
    const key = `warning:${e.agency}:${e.change}:${e.from?.code ?? '-'}>${e.to?.code ?? '-'}:${e.at ?? e.recordedAt}:${e.source.id ?? e.source.type}${e.agency === 'hko' ? `:${e.slot}` : ''}`;
    groups.set(key, [...(groups.get(key) ?? []), e]);
  }
  return [...groups].map(([key, group]) => {
    const first = group[0] as WarningChangeEntry;
    // Said for a storm only when the agency named it (its number or its name).
    const link = first.linkedStorm && first.linkedStorm.by !== 'nearest-active' ? first.linkedStorm : null;
    const warning: WarningEventData = {
      agency: first.agency,
      change: first.change,
      from: first.from,
      to: first.to,
      areas: group.flatMap((e) => (e.area?.name ? [e.area.part ? `${e.area.name} (${e.area.part})` : e.area.name] : [])),
    };
    return {
      key,
      type: `warning-${first.change}` as const,
      code: link?.code ?? first.agency,
      time: (first.at ?? first.recordedAt) as string,
      storm: { name: link?.name ?? null, enname: link?.enname ?? null },
      point: null,
      warning,
    };
  });
}
