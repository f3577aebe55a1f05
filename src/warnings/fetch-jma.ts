/**
 * JMA's warnings, as the scheduled run reads them (docs/api/warnings.md, "JMA"): the Atom feed of JMA's "extra"
 * documents, then the documents it lists that were not fetched before (JMA asks that no document be fetched twice):
 *
 * - the high-frequency feed (`feed/extra.xml`) lists the documents of the last minutes (at least the last 10, JMA
 *   says); when the last read of a feed is older than that (the first run, a run missed, the 15-minute pace), the
 *   long feed (`feed/extra_l.xml`, the last days) is read too, so no document is missed;
 * - warnings (VPWW53): the newest document of each office; every municipality's storm warning (暴風) and special
 *   warnings (特別警報) are kept, and a warning kept once stays kept while in force (a special warning lowered to a
 *   warning is told as lowered, never as gone); the other warnings are not kept (docs/api/warnings.md says why);
 * - typhoon analysis and forecast (VPTW6x): every document, kept 72 hours (the scheduled run keeps their forecasts
 *   as JMA's official issuances: src/jobs/jma-forecasts.ts); the storm areas of each typhoon's newest document
 *   within 24 hours are in force;
 * - typhoon information (VPTI50, VPTI51): the newest of each, its head only.
 *
 * A document is fetched from under the configured base (`data/<file>`), its name taken from the feed's link: the
 * run never follows an address an upstream names.
 */
import type { WarningSnapshot } from '../model/warning-schemas.ts';
import type { WarningTextRejection } from '../model/warning-text.ts';
import type { WarningUpstreams } from '../upstream/addresses.ts';
import {
  jmaSnapshot,
  parseJmaFeed,
  parseJmaTyphoonDocument,
  parseJmaTyphoonInfo,
  parseJmaWarnings,
  type JmaFeedEntry,
  type JmaWarningsParse,
} from '../upstream/jma-xml.ts';
import { describeError, type AgencyRead, type Parts } from './agency-read.ts';
import type { JmaPrefecture, JmaState } from './warning-store.ts';

/** JMA keeps at least the last 10 minutes in the high-frequency feed. */
export const HIGH_FREQUENCY_WINDOW_MS = 10 * 60_000;
/** Typhoon documents are kept this long after their report time (their forecasts are read from them every JMA run). */
const TYPHOON_KEPT_MS = 72 * 3_600_000;
/** A typhoon's storm areas are in force from its newest document at most this old. */
const STORM_AREA_IN_FORCE_MS = 24 * 3_600_000;
/** Files remembered as fetched. */
const FETCHED_KEPT = 3000;
/** Documents fetched per run at most: the rest wait for the next run (the feed lists them for days). */
const DOCUMENTS_PER_RUN = 40;

const WARNINGS_TYPE = 'VPWW53';
const TYPHOON_TYPE = /^VPTW6\d$/;
const INFO_TYPE = /^VPTI5[01]$/;

/** A document's file name, from the feed's link (`…/data/20170913124500_0_VPTW60_010000.xml`); null when it is no plain name. */
const fileOf = (entry: JmaFeedEntry) => {
  const name = entry.url.slice(entry.url.lastIndexOf('/') + 1);
  return /^[\w.-]{1,120}\.xml$/.test(name) ? name : null;
};
/** The series a document belongs to: its name without the leading time (`VPWW53_473000`). */
const seriesOf = (file: string) => file.replace(/^\d{14}_\d_/, '').replace(/\.xml$/, '');

const byNewest = (a: JmaFeedEntry, b: JmaFeedEntry) => Date.parse(b.updated) - Date.parse(a.updated);

/** The warnings kept of a prefecture's document: storm warnings, special warnings, and what was kept before. */
function keptOf(parse: JmaWarningsParse, before: JmaPrefecture | undefined): WarningSnapshot {
  const keptBefore = new Set(before?.snapshot.warnings.map((w) => w.slot) ?? []);
  const keep = (w: WarningSnapshot['warnings'][number]) => w.slot.endsWith(':暴風') || (w.level ?? 0) >= 3 || keptBefore.has(w.slot);
  const warnings = parse.snapshot.warnings.filter(keep);
  return {
    ...parse.snapshot,
    state: warnings.length > 0 ? 'in-force' : parse.snapshot.state === 'unknown' ? 'unknown' : 'none-in-force',
    warnings,
    cancelled: parse.snapshot.cancelled.filter(keep),
  };
}

export async function readJma(up: WarningUpstreams, state: JmaState, now: Date): Promise<{ read: AgencyRead; state: JmaState }> {
  const parts: Parts = {};
  const gap = state.feedReadAt === null || now.getTime() - Date.parse(state.feedReadAt) > HIGH_FREQUENCY_WINDOW_MS;
  const feeds = gap ? ['extra.xml', 'extra_l.xml'] : ['extra.xml'];
  const entries: JmaFeedEntry[] = [];
  await Promise.all(
    feeds.map(async (feed) => {
      const name = `feed ${feed}`;
      try {
        entries.push(...parseJmaFeed(await up.client.text(`${up.jmaBase}/feed/${feed}`)).entries);
        parts[name] = null;
      } catch (error) {
        parts[name] = describeError(error);
      }
    }),
  );
  if (feeds.every((feed) => parts[`feed ${feed}`] !== null))
    return { read: { failed: `the feed could not be read: ${parts['feed extra.xml']}`, parts }, state };
  // A gap the long feed could not fill: what the high-frequency feed lists is read, the gap stays (read again next run).
  const feedReadAt = gap && parts['feed extra_l.xml'] !== null ? state.feedReadAt : now.toISOString();
  const fetched = new Set(state.fetched);
  const seen = new Set<string>();
  const wanted: { file: string; dataType: string }[] = [];
  const newestOf = new Set<string>();
  for (const entry of [...entries].sort(byNewest)) {
    const file = fileOf(entry);
    if (!file || !entry.dataType || seen.has(file)) continue;
    seen.add(file);
    const series = seriesOf(file);
    const isTyphoon = TYPHOON_TYPE.test(entry.dataType);
    const newest = !newestOf.has(series);
    newestOf.add(series);
    // Every typhoon document (each is a forecast issuance); the newest warnings and information document of each series.
    if ((isTyphoon || (newest && (entry.dataType === WARNINGS_TYPE || INFO_TYPE.test(entry.dataType)))) && !fetched.has(file))
      wanted.push({ file, dataType: entry.dataType });
  }
  const rejected: WarningTextRejection[] = [];
  const problems: string[] = [];
  const prefectures = new Map(state.prefectures.map((p) => [p.prefecture, p]));
  const typhoons = [...state.typhoons];
  const information = [...state.information];
  await Promise.all(
    wanted.slice(0, DOCUMENTS_PER_RUN).map(async ({ file, dataType }) => {
      const name = seriesOf(file);
      try {
        const xml = await up.client.text(`${up.jmaBase}/data/${file}`);
        if (dataType === WARNINGS_TYPE) {
          const parse = parseJmaWarnings(xml, dataType);
          rejected.push(...parse.rejected);
          problems.push(...parse.problems.map((p) => `${file}: ${p.message}`));
          const held = prefectures.get(parse.prefecture);
          const time = parse.snapshot.sourceTime as string;
          // Bulletins only forward: an older document of the prefecture replaces nothing.
          if (!held || Date.parse(time) >= Date.parse(held.snapshot.sourceTime as string))
            prefectures.set(parse.prefecture, {
              prefecture: parse.prefecture,
              file,
              infoType: parse.infoType,
              snapshot: keptOf(parse, held),
            });
        } else if (TYPHOON_TYPE.test(dataType)) {
          const parse = parseJmaTyphoonDocument(xml, dataType);
          rejected.push(...parse.rejected);
          problems.push(...parse.problems.map((p) => `${file}: ${p.message}`));
          typhoons.push({ file, document: parse.document, remark: parse.remark, unreadTimes: parse.unreadTimes });
        } else {
          information.push({ ...parseJmaTyphoonInfo(xml, dataType), file });
        }
        fetched.add(file);
        parts[name] = null;
      } catch (error) {
        parts[name] = describeError(error);
      }
    }),
  );
  const recent = (time: string, ms: number) => now.getTime() - Date.parse(time) <= ms;
  const keptTyphoons = typhoons.filter((t) => recent(t.document.reportTime, TYPHOON_KEPT_MS)).sort((a, b) => a.file.localeCompare(b.file));
  const next: JmaState = {
    prefectures: [...prefectures.values()].sort((a, b) => a.prefecture.localeCompare(b.prefecture)),
    typhoons: keptTyphoons,
    information: information.filter((i) => recent(i.reportTime, TYPHOON_KEPT_MS)).sort((a, b) => a.file.localeCompare(b.file)),
    fetched: [...fetched].slice(-FETCHED_KEPT),
    feedReadAt,
  };
  const snapshot = jmaSnapshot(
    next.prefectures.map((p) => ({ snapshot: p.snapshot, prefecture: p.prefecture, infoType: p.infoType, problems: [], rejected: [] })),
    keptTyphoons
      .filter((t) => recent(t.document.reportTime, STORM_AREA_IN_FORCE_MS))
      .map((t) => ({ document: t.document, remark: t.remark, unreadTimes: t.unreadTimes, problems: [], rejected: [] })),
  );
  const stateReason =
    snapshot.state === 'unknown'
      ? next.prefectures.length === 0
        ? 'no warnings document of JMA has been read yet'
        : 'a warnings document read could not be read whole'
      : null;
  return {
    read: { failed: null, parts, snapshot, stateReason, rejected, problems },
    state: next,
  };
}
