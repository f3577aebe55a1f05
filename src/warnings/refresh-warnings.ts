/**
 * The warnings part of the scheduled run (docs/api/warnings.md, "The scheduled run"): each agency that is due is read
 * (src/warnings/fetch-*.ts), side by side; what changed since its last answer that could be read is recorded in the
 * history (src/model/warning-rules.ts changesBetween), each change with the storm it is for; the answer, the status
 * and the history are written. An agency whose answer cannot be had or read changes nothing it would have told:
 * its last good answer stays, and its status says why (the answers are then stale with that reason, never "none").
 *
 * Times from the source, never in the future, never backwards: an answer whose newest time is later than its fetch
 * (by more than FUTURE_TOLERANCE_MS) is refused and reported; an HKO answer older than the one kept (a stale mirror)
 * replaces nothing and is reported (JMA's documents and PAGASA's bulletins are kept newest per prefecture and per file).
 */
import { createHash } from 'node:crypto';
import { FUTURE_TOLERANCE_MS } from '../model/freshness.ts';
import { instantOf } from '../model/offset-time.ts';
import type { WarningChangeEntry } from '../model/warning-answer-schemas.ts';
import { changesBetween, stormFor, type ActiveStorm } from '../model/warning-rules.ts';
import { WARNING_AGENCIES, type Warning, type WarningAgency, type WarningSnapshot, type WarningState } from '../model/warning-schemas.ts';
import type { WarningTextRejection } from '../model/warning-text.ts';
import { warningAreas } from '../sources/warning-areas.ts';
import type { KeyValueStore } from '../store/store.ts';
import { recordFaults, recordTextProblems, type LiveFault, type LiveRejection } from '../store/text-quality.ts';
import type { WarningUpstreams } from '../upstream/addresses.ts';
import type { AgencyRead } from './agency-read.ts';
import { readHko } from './fetch-hko.ts';
import { readJma } from './fetch-jma.ts';
import { readPagasa } from './fetch-pagasa.ts';
import {
  historyYearOf,
  NO_WARNINGS,
  readHistoryDocument,
  readWarningsDocument,
  readWarningStatus,
  salvagedHistory,
  writeHistory,
  writeWarnings,
  writeWarningStatus,
  type AgencyRecord,
  type AgencyStatus,
  type JmaTyphoonKept,
  type StoredWarnings,
  type WarningStatus,
} from './warning-store.ts';

export interface WarningRefreshResult {
  agencies: { agency: WarningAgency; ok: boolean; state: WarningState | null; inForce: number; error: string | null }[];
  /** The changes this run recorded, in order. */
  changes: WarningChangeEntry[];
  /**
   * JMA's typhoon documents as kept after this run (the last 72 hours), whose forecasts the run keeps as issuances
   * (src/jobs/jma-forecasts.ts); null when JMA was not read this run.
   */
  jmaTyphoons: JmaTyphoonKept[] | null;
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A change's id: the agency, the slot, the change, what it is now and the agency's time. */
export const changeId = (c: Pick<WarningChangeEntry, 'agency' | 'slot' | 'change' | 'at'> & { toCode: string | null }) =>
  createHash('sha256')
    .update(`${c.agency}:${c.slot}:${c.change}:${c.toCode ?? '-'}:${c.at ?? '-'}`)
    .digest('hex')
    .slice(0, 16);

const level = (w: Warning | null) => w && { code: w.code, level: w.level, name: w.name, words: w.words };

/** The rejections of the warnings' text checks, as the live data-quality document records them. */
const asLive = (agency: WarningAgency, found: readonly WarningTextRejection[]): LiveRejection[] =>
  found.map((r) => ({
    source: agency,
    kind: r.kind === 'table-words' ? 'code' : r.kind === 'katakana-name' ? 'cyclone-name' : 'place',
    reason: r.kind === 'table-words' ? 'word' : 'shape',
    field: r.field,
    line: null,
    storm: null,
    value: r.value,
    rule: r.rule,
  }));

function statusAfter(
  before: AgencyStatus | null,
  read: AgencyRead | { failed: string; parts: AgencyRead['parts'] },
  stamp: string,
): AgencyStatus {
  const parts = { ...(before?.parts ?? {}) };
  for (const [name, error] of Object.entries(read.parts))
    parts[name] = {
      lastAttemptAt: stamp,
      lastSuccessAt: error === null ? stamp : (before?.parts[name]?.lastSuccessAt ?? null),
      lastError: error,
    };
  const ok = read.failed === null;
  return {
    lastAttemptAt: stamp,
    lastSuccessAt: ok ? stamp : (before?.lastSuccessAt ?? null),
    lastError: read.failed,
    runningSince: null,
    consecutiveFailures: ok ? 0 : (before?.consecutiveFailures ?? 0) + 1,
    // Only the parts asked this run are current; a part no longer asked (a bulletin gone) is no longer one.
    parts: Object.fromEntries(Object.entries(parts).filter(([name]) => name in read.parts)),
  };
}

/** The changes from one answer to the next as history entries, each with the storm it is for. */
function entriesOf(before: WarningSnapshot, after: WarningSnapshot, storms: readonly ActiveStorm[], stamp: string): WarningChangeEntry[] {
  const areas = warningAreas();
  return changesBetween(before, after).map((c) => {
    const w = (c.to ?? c.from) as Warning;
    const source = c.to?.source ?? after.cancelled.find((x) => x.slot === c.slot)?.source ?? after.documents[0] ?? w.source;
    return {
      id: changeId({ ...c, toCode: c.to?.code ?? null }),
      agency: c.agency,
      slot: c.slot,
      kind: w.kind,
      change: c.change,
      how: c.how,
      at: c.at,
      from: level(c.from),
      to: level(c.to),
      area: w.area,
      storm: w.storm,
      linkedStorm: stormFor(w, storms, areas),
      source,
      recordedAt: stamp,
    };
  });
}

/** Appends the entries to their years' history documents (an entry already kept, by id, is not kept twice). */
async function appendHistory(store: KeyValueStore, entries: readonly WarningChangeEntry[]): Promise<WarningChangeEntry[]> {
  const byYear = new Map<number, WarningChangeEntry[]>();
  for (const e of entries) byYear.set(historyYearOf(e), [...(byYear.get(historyYearOf(e)) ?? []), e]);
  const added: WarningChangeEntry[] = [];
  for (const [year, list] of byYear) {
    const read = await readHistoryDocument(store, year);
    // A damaged document keeps every entry its copies still hold; the write sets the copies aside (src/store/documents.ts)
    // and the run records the loss.
    const kept =
      read.state === 'ok'
        ? read.value
        : read.state === 'missing'
          ? []
          : (await salvagedHistory(store, year)).sort((a, b) => a.recordedAt.localeCompare(b.recordedAt));
    const ids = new Set(kept.map((e) => e.id));
    const fresh = list.filter((e) => !ids.has(e.id));
    if (fresh.length === 0 && read.state === 'ok' && read.recovered === null) continue;
    await writeHistory(store, year, [...kept, ...fresh]);
    added.push(...fresh);
  }
  return added;
}

export interface WarningRefreshOptions {
  /** The agencies due (src/jobs/poll-plan.ts); every one when the stored document cannot be read. */
  agencies: readonly WarningAgency[];
  /** The active north-western Pacific storms, for the storm each change is for. */
  storms: readonly ActiveStorm[];
}

export async function refreshWarnings(
  up: WarningUpstreams,
  store: KeyValueStore,
  now: Date,
  options: WarningRefreshOptions,
): Promise<WarningRefreshResult> {
  const stamp = now.toISOString();
  const [status, read] = await Promise.all([readWarningStatus(store), readWarningsDocument(store)]);
  const stored: StoredWarnings = read.state === 'ok' ? read.value : NO_WARNINGS;
  // A damaged or lost document: every agency is read again now, so none stays lost until its own turn.
  const due =
    read.state === 'ok' || (read.state === 'missing' && !WARNING_AGENCIES.some((a) => status[a])) ? options.agencies : WARNING_AGENCIES;
  const running: WarningStatus = { ...status };
  for (const agency of due)
    running[agency] = {
      lastSuccessAt: null,
      lastError: null,
      consecutiveFailures: 0,
      parts: {},
      ...status[agency],
      lastAttemptAt: stamp,
      runningSince: stamp,
    };
  await writeWarningStatus(store, running);

  const next: StoredWarnings = structuredClone(stored);
  const reads = await Promise.all(
    due.map(async (agency): Promise<[WarningAgency, AgencyRead]> => {
      try {
        if (agency === 'hko') return [agency, await readHko(up)];
        if (agency === 'jma') {
          const { read: jma, state } = await readJma(up, stored.jma, now);
          next.jma = state;
          return [agency, jma];
        }
        const { read: pagasa, bulletins } = await readPagasa(up, stored.pagasa.bulletins);
        next.pagasa = { bulletins };
        return [agency, pagasa];
      } catch (error) {
        return [agency, { failed: describe(error), parts: {} }];
      }
    }),
  );

  const faults: LiveFault[] = [];
  const rejections: LiveRejection[] = [];
  const entries: WarningChangeEntry[] = [];
  const outcome: WarningRefreshResult['agencies'] = [];
  const statusNext: WarningStatus = { ...running };
  for (const [agency, agencyRead] of reads) {
    let result: AgencyRead = agencyRead;
    const before: AgencyRecord = stored.agencies[agency];
    if (result.failed === null) {
      rejections.push(...asLive(agency, result.rejected));
      const time = result.snapshot.sourceTime;
      const kept = before.snapshot?.sourceTime;
      if (time && instantOf(time) > now.getTime() + FUTURE_TOLERANCE_MS) {
        const detail = `its newest time ${time} is later than it was fetched (${stamp})`;
        faults.push({
          source: agency,
          product: 'warnings',
          kind: 'future-time',
          detail,
          action: 'answer left out; the last good one is kept',
        });
        result = { failed: `the answer was left out: ${detail}`, parts: result.parts };
      } else if (agency === 'hko' && time && kept && instantOf(time) < instantOf(kept)) {
        faults.push({
          source: agency,
          product: 'warnsum',
          kind: 'older-bulletin',
          detail: `its newest time ${time} is older than the answer already read (${kept})`,
          action: 'the newer one is kept',
        });
        result = { ...result, snapshot: before.snapshot as WarningSnapshot };
      }
    }
    statusNext[agency] = statusAfter(status[agency], result, stamp);
    if (result.failed !== null) {
      outcome.push({
        agency,
        ok: false,
        state: before.snapshot?.state ?? null,
        inForce: before.snapshot?.warnings.length ?? 0,
        error: result.failed,
      });
      continue;
    }
    let snapshot = result.snapshot;
    const previous = before.snapshot;
    // PAGASA's "No Wind Signal currently hoisted" is its word that every signal it had raised is lowered.
    if (agency === 'pagasa' && snapshot.state === 'none-in-force' && previous)
      snapshot = { ...snapshot, cancelled: previous.warnings.map((w) => ({ ...w, source: snapshot.documents[0] ?? w.source })) };
    if (previous && previous.state !== 'unknown') entries.push(...entriesOf(previous, snapshot, options.storms, stamp));
    next.agencies[agency] = { snapshot, fetchedAt: stamp, stateReason: result.stateReason };
    outcome.push({ agency, ok: true, state: snapshot.state, inForce: snapshot.warnings.length, error: null });
  }

  await writeWarnings(store, next);
  const recorded = await appendHistory(store, entries);
  await Promise.all([
    recordTextProblems(store, rejections, now).catch((error: unknown) =>
      console.warn(`live data-quality document not written: ${describe(error)}`),
    ),
    recordFaults(store, faults, now).catch((error: unknown) => console.warn(`live data-quality document not written: ${describe(error)}`)),
  ]);
  await writeWarningStatus(store, statusNext);
  return { agencies: outcome, changes: recorded, jmaTyphoons: due.includes('jma') ? next.jma.typhoons : null };
}
