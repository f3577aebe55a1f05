/**
 * The global part of the scheduled refresh: NHC (CurrentStorms + ATCF b-deck for the track + the a-deck's
 * OFCL forecast) for the Atlantic, East and Central Pacific, and JTWC (RSS + `.tcw` + warning text) for the
 * North Indian Ocean and the Southern Hemisphere. JTWC storms in NHC's basins are left to NHC, and north-western
 * Pacific ones to the typhoon family: of those only the warning's forecast is read, kept with every other issuance.
 * Each cyclone is merged into its stored record by time; a cyclone a successful feed no longer lists is marked
 * ended but stays available; a failed feed changes nothing. Names and type codes that fail the upstream-text check
 * (src/model/upstream-text.ts) are left out, recorded in the live data-quality document (src/store/text-quality.ts)
 * and counted in the result.
 *
 * A stored record that cannot be read (both copies damaged, or gone while the index lists it) is restored: from
 * the archived best track (NHC's ATCF b-deck, `btk/` then `archive/<year>/`; for JTWC's basins UCAR's open
 * repository of JTWC b-decks) with the feed's data over it while a feed still lists it, and the index's summary
 * for the rest (src/global/build-cyclone.ts restoredCyclone). One that cannot be restored yet stays as it is, told
 * as unreadable by every reader, and is tried again at the next refresh.
 */
import { gunzipSync } from 'node:zlib';
import { adeckIssuances } from '../forecasts/adeck-issuances.ts';
import { captureDrafts, emptyCapture, type ForecastCapture } from '../forecasts/forecast-store.ts';
import { jtwcTcwIssuance } from '../forecasts/jtwc-issuances.ts';
import { withNhcAdvisory } from '../forecasts/nhc-advisory.ts';
import { truthFromBdeck } from '../forecasts/truth-tracks.ts';
import { ShapeError } from '../model/parse-problems.ts';
import { toUtcIso } from '../model/time.ts';
import type { TextRejection } from '../model/upstream-text.ts';
import type { KeyValueStore } from '../store/store.ts';
import { recordFaults, recordTextProblems, type LiveFault, type LiveRejection } from '../store/text-quality.ts';
import { FUTURE_TOLERANCE_MS } from '../model/freshness.ts';
import type { GlobalUpstreams } from '../upstream/addresses.ts';
import { allAnswered, UpstreamError } from '../upstream/client.ts';
import { bestTrack, deckName, officialForecast, parseAtcfDeck, type AtcfRecord } from '../upstream/atcf.ts';
import {
  globalForecast,
  globalPoint,
  mergeCyclone,
  restoredCyclone,
  summarizeCyclone,
  type CycloneInput,
  type Fix,
} from './build-cyclone.ts';
import type { GlobalCyclone } from '../model/global-schemas.ts';
import { readArchive, readGlobalStatus, writeCyclone, writeGlobalStatus, writeIndex, type GlobalStatus } from './global-store.ts';
import { parseCurrentStorms } from '../upstream/nhc-current.ts';
import { parseJtwcRss, parseJtwcTcw, parseJtwcWarning } from '../upstream/jtwc.ts';

const NHC_BASINS = new Set(['al', 'ep', 'cp']);

/** Rejections of one source's storm, stamped with the source and storm, joined to a refresh's list. */
const found = (list: LiveRejection[], source: LiveRejection['source'], storm: string | null) => (rejected: TextRejection[]) =>
  list.push(...rejected.map((r) => ({ ...r, storm: r.storm ?? storm, source })));

/** A deck with an unreadable line (a truncated download) is rejected whole. */
function deck(text: string, what: string, report: (rejected: TextRejection[]) => void): AtcfRecord[] {
  const { records, problems, rejected } = parseAtcfDeck(text);
  report(rejected);
  if (problems.length) throw new ShapeError(`${what}: line ${problems[0]?.line}: ${problems[0]?.message}`);
  return records;
}

const optional = async <T>(work: () => Promise<T>): Promise<T | null> => {
  try {
    return await work();
  } catch {
    return null;
  }
};

/**
 * NHC's active storms. Every official forecast of each a-deck (OFCL, OFCS) goes to `forecasts`, the latest given
 * the forecast advisory CurrentStorms names, with the b-deck as the storm's operational track.
 */
async function fetchNhc(up: GlobalUpstreams, now: Date, rejections: LiveRejection[], forecasts: ForecastCapture): Promise<CycloneInput[]> {
  const listed: TextRejection[] = [];
  const storms = parseCurrentStorms(await up.client.json(`${up.nhcBase}/CurrentStorms.json`), listed);
  found(rejections, 'nhc', null)(listed);
  return allAnswered(
    storms.map(async (storm) => {
      const report = found(rejections, 'nhc', storm.atcfId);
      // The b-deck and a-deck are extras: without them the advisory position still extends the track.
      const best = await optional(async () =>
        bestTrack(deck(await up.client.text(`${up.nhcAtcfBase}/btk/b${storm.atcfId}.dat`), `b${storm.atcfId}`, report)),
      );
      const aids = await optional(async () =>
        deck(
          gunzipSync(await up.client.bytes(`${up.nhcAtcfBase}/aid_public/a${storm.atcfId}.dat.gz`)).toString('utf8'),
          `a${storm.atcfId}`,
          report,
        ),
      );
      const current: Fix = {
        time: storm.time,
        lat: storm.lat,
        lng: storm.lng,
        windKt: storm.windKt,
        pressure: storm.pressure,
        type: storm.classification,
        directionDeg: storm.directionDeg,
        speedMph: storm.speedMph,
      };
      const official = aids ? officialForecast(aids, 'OFCL') : null;
      if (aids) {
        const file = `a${storm.atcfId}.dat.gz`;
        const from = { atcfId: storm.atcfId, channel: 'live', file, seenAt: now } as const;
        captureDrafts(forecasts, 'nhc', file, () => withNhcAdvisory(adeckIssuances(aids, from), storm.forecastAdvisory));
      }
      if (best?.length) forecasts.tracks[storm.atcfId] = truthFromBdeck(best, 'provisional', now);
      return {
        source: 'nhc' as const,
        atcfId: storm.atcfId,
        enname: storm.name ?? (best ? deckName(best) : null),
        points: [...(best ?? []).map((r) => globalPoint(r)), globalPoint(current)],
        forecast: official && globalForecast('nhc', official.issuedAt, official.points),
        seenAt: now,
        // The storm's lastUpdate: the time of its latest advisory, which the current position is valid at.
        publishedAt: storm.time,
        advisoryNumber: storm.advisory,
      };
    }),
  );
}

/** A JTWC product as fetched whole: a `.tcw` or warning text ends with `NNNN`, else it was cut off. */
async function jtwcProduct(up: GlobalUpstreams, file: string): Promise<string> {
  const text = await up.client.text(`${up.jtwcBase}/products/${file}`);
  if (!/\nNNNN\s*$/.test(text)) throw new ShapeError(`${file}: the product is cut off`);
  return text;
}

/**
 * The forecast of a JTWC warning whose storm's record is another part's (the north-western Pacific's: the typhoon
 * endpoints; NHC's basins: NHC's record), kept under its ATCF id as every JTWC warning is (docs/data/verification.md).
 * Only the forecast is read: a `.tcw` that cannot be fetched whole is a problem of the capture (the next poll asks
 * again), one that cannot be read a fault of it; neither touches the cyclones this part keeps.
 */
async function captureJtwcForecast(
  up: GlobalUpstreams,
  storm: { atcfId: string; tcwFile: string },
  now: Date,
  rejections: LiveRejection[],
  forecasts: ForecastCapture,
): Promise<void> {
  const file = storm.tcwFile;
  const text = await jtwcProduct(up, file).catch((error: unknown) => {
    forecasts.problems.push(`${file}: not fetched (${describe(error)}); asked again at the next poll`);
    return null;
  });
  if (text === null) return;
  captureDrafts(forecasts, 'jtwc', file, () => {
    const named: TextRejection[] = [];
    const tcw = parseJtwcTcw(text, named);
    found(rejections, 'jtwc', storm.atcfId)(named);
    return [jtwcTcwIssuance(tcw, { atcfId: storm.atcfId, file, seenAt: now })];
  });
}

/**
 * JTWC's warnings outside NHC's basins and the north-western Pacific, as cyclones; the forecast of every warning the
 * feed lists goes to `forecasts`, those of the other basins' storms too (captureJtwcForecast).
 */
async function fetchJtwc(up: GlobalUpstreams, now: Date, rejections: LiveRejection[], forecasts: ForecastCapture): Promise<CycloneInput[]> {
  const rss = await up.client.text(`${up.jtwcBase}/rss/jtwc.rss`);
  if (!/<\/rss>\s*$/.test(rss)) throw new ShapeError('jtwc.rss: the document is cut off');
  const listed: TextRejection[] = [];
  const warnings = parseJtwcRss(rss, listed).flatMap((s) => (s.kind === 'warning' && s.tcwFile ? [{ ...s, tcwFile: s.tcwFile }] : []));
  const others = (s: { atcfId: string }) => NHC_BASINS.has(s.atcfId.slice(0, 2)) || s.atcfId.startsWith('wp');
  const storms = warnings.filter((s) => !others(s));
  // Only the storms this part keeps: the others' names are JTWC's business for the typhoon family or NHC's (their
  // forecasts' names are checked as their .tcw is read).
  found(rejections, 'jtwc', null)(listed.filter((r) => storms.some((s) => s.atcfId === r.storm)));
  const cyclones = allAnswered(storms.map((storm) => jtwcCyclone(up, storm, now, rejections, forecasts)));
  // Every forecast read before the part goes on, whether its own cyclones could be read or not.
  await Promise.allSettled([
    cyclones,
    ...warnings.filter(others).map((storm) => captureJtwcForecast(up, storm, now, rejections, forecasts)),
  ]);
  return cyclones;
}

/** One cyclone of JTWC's own basins from its `.tcw` and warning text; its forecast goes to `forecasts`. */
async function jtwcCyclone(
  up: GlobalUpstreams,
  storm: { atcfId: string; tcwFile: string; warningFile: string | null; name: string | null },
  now: Date,
  rejections: LiveRejection[],
  forecasts: ForecastCapture,
): Promise<CycloneInput> {
  const text = await jtwcProduct(up, storm.tcwFile);
  const named: TextRejection[] = [];
  const tcw = parseJtwcTcw(text, named);
  found(rejections, 'jtwc', storm.atcfId)(named);
  const file = storm.tcwFile;
  captureDrafts(forecasts, 'jtwc', file, () => [jtwcTcwIssuance(tcw, { atcfId: storm.atcfId, file, seenAt: now })]);
  const warning = storm.warningFile
    ? await optional(async () => parseJtwcWarning(await up.client.text(`${up.jtwcBase}/products/${storm.warningFile}`)))
    : null;
  const now0 = tcw.taus.find((t) => t.tau === 0);
  const fixes: Fix[] = [
    ...tcw.history,
    ...(now0
      ? [
          {
            ...now0,
            directionDeg: tcw.directionDeg,
            speedKt: tcw.speedKt,
            pressure: warning && warning.time.getTime() === now0.time.getTime() ? warning.pressure : null,
          },
        ]
      : []),
  ];
  // A forecast with a line that does not read is not whole: none is served (its fault is told by captureDrafts above).
  const forecast = tcw.unreadableTaus.length === 0 ? tcw.taus.filter((t) => t.tau > 0) : [];
  return {
    source: 'jtwc' as const,
    atcfId: storm.atcfId,
    enname: tcw.name ?? storm.name,
    points: fixes.map((f) => globalPoint(f)),
    forecast: forecast.length ? globalForecast('jtwc', tcw.baseTime, forecast) : null,
    seenAt: now,
    publishedAt: tcw.issuedAt ?? fixes.at(-1)?.time ?? tcw.baseTime,
    advisoryNumber: tcw.warningNumber,
  };
}

const describe = (error: unknown) => (error instanceof UpstreamError || error instanceof Error ? error.message : String(error));

/**
 * The best track of a cyclone from the upstream's archive, to restore a record that cannot be read. NHC keeps a
 * season's b-decks under `btk/`, then moves them to `archive/<year>/` (gzipped); UCAR keeps JTWC's b-decks under
 * `bdecks_open/<year>/`. The year is the ATCF id's. Throws when none of them can be read.
 */
async function fetchArchivedTrack(
  up: GlobalUpstreams,
  source: 'nhc' | 'jtwc',
  atcfId: string,
  now: Date,
  rejections: LiveRejection[],
): Promise<CycloneInput> {
  const year = atcfId.slice(-4);
  const urls =
    source === 'nhc'
      ? [`${up.nhcAtcfBase}/btk/b${atcfId}.dat`, `${up.nhcAtcfBase}/archive/${year}/b${atcfId}.dat.gz`]
      : [`${up.ucarBase}/bdecks_open/${year}/b${atcfId}.dat`];
  const errors: string[] = [];
  for (const url of urls) {
    try {
      const text = url.endsWith('.gz') ? gunzipSync(await up.client.bytes(url)).toString('utf8') : await up.client.text(url);
      const best = bestTrack(deck(text, `b${atcfId}`, found(rejections, source, `${source}-${atcfId}`)));
      if (best.length === 0) throw new ShapeError(`b${atcfId}: no track`);
      const points = best.map((r) => globalPoint(r));
      // A best track has no issue time: its latest fix's stands for it.
      const publishedAt = new Date(points.at(-1)?.time ?? now);
      return { source, atcfId, enname: deckName(best), points, forecast: null, seenAt: now, publishedAt, advisoryNumber: null };
    } catch (error) {
      errors.push(`${url}: ${describe(error)}`);
    }
  }
  throw new Error(errors.join('; '));
}

export interface GlobalRefreshResult {
  nhc: { ok: boolean; cyclones: number; error: string | null };
  jtwc: { ok: boolean; cyclones: number; error: string | null };
  /** Cyclones whose stored record could not be read and was restored by this run. */
  restored: string[];
  /** Cyclones whose stored record cannot be read and could not be restored yet, with why. */
  unrestored: { id: string; error: string }[];
  /** Upstream names and type codes left out by the upstream-text check (the live data-quality document lists them). */
  rejectedText: number;
  /** The official forecasts read (NHC's a-decks, JTWC's warnings) and NHC's b-decks as tracks; the run keeps them (src/forecasts/forecast-store.ts). */
  forecasts: ForecastCapture;
}

const sourceOf = (id: string) => (id.startsWith('nhc-') ? 'nhc' : 'jtwc');

/** A feed's cyclone without the fixes and forecast later than its fetch (bad source data), which are reported. */
function withoutFuture(input: CycloneInput, now: Date, faults: LiveFault[]): CycloneInput {
  const limit = now.getTime() + FUTURE_TOLERANCE_MS;
  const points = input.points.filter((p) => Date.parse(p.time) <= limit);
  const forecast = input.forecast && Date.parse(input.forecast.issuedAt) <= limit ? input.forecast : null;
  if (points.length === input.points.length && forecast === input.forecast) return input;
  const dropped = [
    ...input.points.filter((p) => Date.parse(p.time) > limit).map((p) => `fix ${p.time}`),
    ...(forecast === input.forecast ? [] : [`forecast issued ${input.forecast?.issuedAt}`]),
  ];
  faults.push({
    source: input.source,
    product: `${input.source}-${input.atcfId}`,
    kind: 'future-time',
    detail: `times later than the fetch (${toUtcIso(now)}): ${dropped.join(', ')}`,
    action: 'those left out',
  });
  return { ...input, points, forecast };
}

export async function refreshGlobal(up: GlobalUpstreams, store: KeyValueStore, now = new Date()): Promise<GlobalRefreshResult> {
  const stamp = toUtcIso(now);
  const previous = await readGlobalStatus(store);
  // Marked before anything is fetched: a run stopped half-way shows as such (global-view.ts).
  await writeGlobalStatus(store, {
    nhc: { lastSuccessAt: null, lastError: null, ...previous.nhc, lastAttemptAt: stamp, runningSince: stamp },
    jtwc: { lastSuccessAt: null, lastError: null, ...previous.jtwc, lastAttemptAt: stamp, runningSince: stamp },
  });
  const rejections: LiveRejection[] = [];
  const forecasts = emptyCapture();
  // The stored archive is read while the feeds are fetched: every record, to find those that cannot be read.
  const [fetched, archive] = await Promise.all([
    Promise.all([
      fetchNhc(up, now, rejections, forecasts).then(
        (list) => ({ source: 'nhc' as const, list, error: null }),
        (error: unknown) => ({ source: 'nhc' as const, list: null, error: describe(error) }),
      ),
      fetchJtwc(up, now, rejections, forecasts).then(
        (list) => ({ source: 'jtwc' as const, list, error: null }),
        (error: unknown) => ({ source: 'jtwc' as const, list: null, error: describe(error) }),
      ),
    ]),
    readArchive(store),
  ]);
  const byId = new Map(archive.summaries.map((s) => [s.id, s]));
  const unreadable = new Set(archive.unreadable);
  const listedNow = new Map<string, CycloneInput>();
  const written = new Set<string>();
  const faults: LiveFault[] = [];
  for (const { source, list } of fetched) {
    if (!list) continue;
    for (const fresh of list) {
      const id = `${source}-${fresh.atcfId}`;
      const input = withoutFuture(fresh, now, faults);
      listedNow.set(id, input);
      if (unreadable.has(id)) continue; // restored below
      const stored = archive.cyclones.get(id) ?? null;
      // An advisory issued after it was fetched, or older than the one stored (a stale mirror), changes nothing.
      if (input.publishedAt.getTime() > now.getTime() + FUTURE_TOLERANCE_MS) {
        faults.push({
          source,
          product: id,
          kind: 'future-time',
          detail: `issued at ${toUtcIso(input.publishedAt)}, later than it was fetched (${stamp})`,
          action: 'left out; the stored record is kept',
        });
        continue;
      }
      if (input.points.length === 0) continue; // nothing true was left of it (reported above)
      if (stored && input.publishedAt.getTime() < Date.parse(stored.publishedAt)) {
        faults.push({
          source,
          product: id,
          kind: 'older-bulletin',
          detail: `issued at ${toUtcIso(input.publishedAt)}, older than the one already read (issued at ${stored.publishedAt})`,
          action: 'the stored record is kept',
        });
        continue;
      }
      const merged = mergeCyclone(stored, input);
      await writeCyclone(store, merged);
      written.add(id);
      byId.set(id, summarizeCyclone(merged));
    }
    // Listed no more by a feed that answered: ended, kept.
    for (const summary of [...byId.values()].filter((s) => s.source === source && s.isActive && !listedNow.has(s.id))) {
      const stored = archive.cyclones.get(summary.id);
      if (stored) {
        await writeCyclone(store, { ...stored, isActive: false });
        written.add(summary.id);
      }
      byId.set(summary.id, { ...summary, isActive: false });
    }
  }
  // Read from the backup copy and not written above (an ended cyclone): written again, which heals the main copy.
  for (const id of archive.recovered.filter((id) => !written.has(id))) await writeCyclone(store, archive.cyclones.get(id) as GlobalCyclone);
  const restored: string[] = [];
  const unrestored: GlobalRefreshResult['unrestored'] = [];
  await Promise.all(
    [...unreadable].map(async (id) => {
      const source = sourceOf(id);
      const listed = listedNow.get(id) ?? null;
      const answered = fetched.some((f) => f.source === source && f.list);
      const archived = await fetchArchivedTrack(up, source, id.slice(source.length + 1), now, rejections).catch((error: unknown) => {
        // Still listed: restored from the feed alone, which may not reach back to the cyclone's first points.
        if (listed)
          console.warn(`global archive: ${id} restored from the feed only; its archived track could not be read: ${describe(error)}`);
        else unrestored.push({ id, error: describe(error) });
        return null;
      });
      // Active while listed; ended when a feed that answered leaves it out; else as the index last knew it.
      const known = byId.get(id) ?? null;
      const cyclone = restoredCyclone({ archived, listed, known, isActive: listed !== null || (!answered && (known?.isActive ?? false)) });
      if (!cyclone) return;
      await writeCyclone(store, cyclone);
      byId.set(id, summarizeCyclone(cyclone));
      restored.push(id);
      faults.push({
        source: 'store',
        product: `global/${id}`,
        kind: 'store-loss',
        detail: 'its stored record could not be read (both copies damaged, or gone while the index lists it)',
        action: `restored from ${[archived ? "the upstream's archived best track" : null, listed ? 'the feed' : null].filter(Boolean).join(' and ')}; what only the lost record held is unknown: when it was first seen${listed ? '' : ', when a feed last listed it, its last forecast'}`,
      });
    }),
  );
  for (const { id, error } of unrestored)
    console.warn(`global archive: the record of ${id} cannot be read and could not be restored yet: ${error}`);
  await writeIndex(store, [...byId.values()]);
  const status: GlobalStatus = { nhc: null, jtwc: null };
  for (const { source, list, error } of fetched) {
    status[source] = {
      lastAttemptAt: stamp,
      lastSuccessAt: list ? stamp : (previous[source]?.lastSuccessAt ?? null),
      lastError: error,
      runningSince: null,
    };
  }
  await writeGlobalStatus(store, status);
  const report = (source: 'nhc' | 'jtwc') => {
    const entry = fetched.find((f) => f.source === source);
    return { ok: Boolean(entry?.list), cyclones: entry?.list?.length ?? 0, error: entry?.error ?? null };
  };
  await recordTextProblems(store, rejections, now).catch((error: unknown) =>
    console.warn(`live data-quality document not written: ${describe(error)}`),
  );
  await recordFaults(store, faults, now).catch((error: unknown) =>
    console.warn(`live data-quality document not written: ${describe(error)}`),
  );
  return {
    nhc: report('nhc'),
    jtwc: report('jtwc'),
    restored: restored.sort(),
    unrestored: unrestored.sort((a, b) => a.id.localeCompare(b.id)),
    rejectedText: rejections.length,
    forecasts,
  };
}
