/**
 * The disturbance part of the scheduled refresh (docs/api/disturbances.md): JTWC's Significant Tropical Weather
 * Advisories (ABPW10, ABIO10), the formation alerts they cite or the JTWC feed lists (`<id>.tcw`), and the b-decks
 * of the invests they name (UCAR's open repository for JTWC's basins, NHC's ATCF for NHC's), merged into the
 * stored records (src/global/disturbance-records.ts); and NHC's Tropical Weather Outlooks (src/global/nhc-outlooks.ts).
 *
 * A bulletin that cannot be had or read (timeout, HTTP error, an HTML page, cut off before NNNN, not the product)
 * changes nothing it would have told: the records keep the last good data, and the status records the failure, so
 * that the answers are marked stale. A b-deck is an extra: without it the record keeps the track it had.
 */
import { OUTLOOK_PRODUCTS, type Disturbance } from '../model/disturbance-schemas.ts';
import type { FormationAlert, InvestTrack, JtwcAdvisory, NhcOutlook } from '../model/disturbance-product-schemas.ts';
import type { AdvisorySummary } from '../model/disturbance-answer-schemas.ts';
import { FUTURE_TOLERANCE_MS } from '../model/freshness.ts';
import { ShapeError } from '../model/parse-problems.ts';
import { toUtcIso } from '../model/time.ts';
import type { KeyValueStore } from '../store/store.ts';
import { recordFaults, recordTextProblems, type LiveFault, type LiveRejection } from '../store/text-quality.ts';
import type { GlobalUpstreams } from '../upstream/addresses.ts';
import { investTrack } from '../upstream/invest-track.ts';
import { parseJtwcRss } from '../upstream/jtwc.ts';
import { parseJtwcAdvisory } from '../upstream/jtwc-advisory.ts';
import { parseJtwcTcfa } from '../upstream/jtwc-tcfa.ts';
import { parseNhcOutlook } from '../upstream/nhc-outlook.ts';
import { atcfIdOf, updateDisturbances } from './disturbance-records.ts';
import { formationOutlook } from './nhc-outlooks.ts';
import { storedOrRebuilt } from './disturbance-salvage.ts';
import {
  readDisturbanceDocument,
  readDisturbanceStatus,
  writeDisturbanceStatus,
  writeDisturbances,
  alertPart,
  type DisturbanceStatus,
} from './disturbance-store.ts';

/** NHC's outlooks, by file under NHC's plain-text products. */
export const OUTLOOK_FILES = { ABNT20: 'abnt20.knhc.two.at.txt', ABPZ20: 'abpz20.knhc.two.ep.txt' } as const;

/** The advisories, by file under JTWC's products. */
export const ADVISORY_FILES = { ABPW10: 'abpwweb.txt', ABIO10: 'abioweb.txt' } as const;

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A JTWC product must end with its NNNN line: anything shorter was cut off in transit. */
function complete(text: string, file: string): string {
  if (!/\nNNNN\s*$/.test(text)) throw new ShapeError(`${file}: the product is cut off (no closing NNNN)`);
  return text;
}

async function fetchAdvisory(up: GlobalUpstreams, product: keyof typeof ADVISORY_FILES, found: LiveRejection[]): Promise<JtwcAdvisory> {
  const file = ADVISORY_FILES[product];
  const { advisory, rejected } = parseJtwcAdvisory(complete(await up.client.text(`${up.jtwcBase}/products/${file}`), file));
  if (advisory.product !== product) throw new ShapeError(`${file}: holds ${advisory.product}, not ${product}`);
  found.push(...rejected.map((r) => ({ ...r, source: 'jtwc' as const, field: `${file} ${r.field}` })));
  return advisory;
}

/** The product ids (`wp9726`, `ep9126`) of the formation alerts the feed lists. */
async function fetchFeedAlerts(up: GlobalUpstreams): Promise<string[]> {
  const rss = await up.client.text(`${up.jtwcBase}/rss/jtwc.rss`);
  if (!/<\/rss>\s*$/.test(rss)) throw new ShapeError('jtwc.rss: the document is cut off');
  // Names in the feed's titles are not used here (the global refresh checks them): their rejections are not kept.
  return parseJtwcRss(rss, [])
    .filter((item) => item.kind === 'tcfa' && /^[a-z]{2}9\d\d{2}$/.test(item.productId))
    .map((item) => item.productId);
}

/** An outlook, which ends with its `$$` line (anything shorter was cut off in transit). */
async function fetchOutlook(up: GlobalUpstreams, product: keyof typeof OUTLOOK_FILES, found: LiveRejection[]): Promise<NhcOutlook> {
  const file = OUTLOOK_FILES[product];
  const text = await up.client.text(`${up.nhcTextBase}/${file}`);
  if (!/\n\$\$/.test(text)) throw new ShapeError(`${file}: the product is cut off (no closing $$)`);
  const { outlook, rejected } = parseNhcOutlook(text);
  if (!outlook.heading.startsWith(product)) throw new ShapeError(`${file}: holds ${outlook.heading}, not ${product}`);
  found.push(...rejected.map((r) => ({ ...r, source: 'nhc' as const, field: `${file} line ${r.line}: ${r.field}` })));
  return outlook;
}

async function fetchAlert(up: GlobalUpstreams, productId: string): Promise<FormationAlert> {
  const file = `${productId}.tcw`;
  return parseJtwcTcfa(complete(await up.client.text(`${up.jtwcBase}/products/${file}`), file), { productId }).alert;
}

async function fetchTrack(up: GlobalUpstreams, atcfId: string): Promise<{ source: 'ucar' | 'nhc'; track: InvestTrack }> {
  const nhc = /^(al|ep|cp)/.test(atcfId);
  const text = nhc
    ? await up.client.text(`${up.nhcAtcfBase}/btk/b${atcfId}.dat`)
    : await up.client.text(`${up.ucarBase}/bdecks_open/${atcfId.slice(-4)}/b${atcfId}.dat`);
  const { track, problems } = investTrack(text);
  if (!track) throw new ShapeError(`b${atcfId}: ${problems[0]?.message ?? 'no track'}`);
  if (track.atcfId !== atcfId) throw new ShapeError(`b${atcfId}: the deck is ${track.atcfId}'s`);
  return { source: nhc ? 'nhc' : 'ucar', track };
}

function advisorySummary(advisory: JtwcAdvisory, records: readonly Disturbance[]): AdvisorySummary {
  return {
    product: advisory.product,
    regions: advisory.areas.flatMap((area) => (area.region ? [area.region] : [])),
    issuedAt: advisory.issuedAt,
    reissued: advisory.reissued,
    validFrom: advisory.validFrom,
    validUntil: advisory.validUntil,
    watched: records
      .filter((r) => r.isActive && r.validity?.product === advisory.product && r.validity.issuedAt === advisory.issuedAt)
      .map((r) => r.id),
  };
}

/** `ep9126` → `ep912026`. */
const atcfOfProduct = (productId: string) => `${productId.slice(0, 4)}20${productId.slice(4, 6)}`;

export interface DisturbanceRefreshResult {
  ok: boolean;
  /** Active disturbances after the refresh. */
  active: number;
  /** Every record kept. */
  total: number;
  /** What failed, in words (joined); null when everything was read. */
  error: string | null;
}

/** The parts of a refresh besides the formation alerts (`alert:<product id>`), each with its status. */
export const DISTURBANCE_PARTS = ['ABPW10', 'ABIO10', 'ABNT20', 'ABPZ20', 'feed'] as const;

/**
 * One refresh: each bulletin is a part with its own outcome (src/global/disturbance-store.ts). A bulletin issued
 * later than it was fetched is bad source data: left out, its part failed, reported. A bulletin older than the one
 * already read for the same product (a stale mirror or CDN node) changes nothing and is reported. The stored
 * document is rebuilt, not refused, when it cannot be read (src/global/disturbance-salvage.ts).
 */
export async function refreshDisturbances(up: GlobalUpstreams, store: KeyValueStore, now = new Date()): Promise<DisturbanceRefreshResult> {
  const stamp = toUtcIso(now);
  const previousStatus = await readDisturbanceStatus(store);
  const before = previousStatus.jtwc;
  await writeDisturbanceStatus(store, {
    ...previousStatus,
    jtwc: { lastSuccessAt: null, lastError: null, ...before, lastAttemptAt: stamp, runningSince: stamp },
  });
  const outcomes = new Map<string, string | null>();
  const faults: LiveFault[] = [];
  const part = async <T>(name: string, work: Promise<T>): Promise<T | null> => {
    // Listed in the order asked, not answered: the status and its stale reasons are the same whichever answers first.
    outcomes.set(name, null);
    try {
      const value = await work;
      outcomes.set(name, null);
      return value;
    } catch (error) {
      outcomes.set(name, describe(error));
      return null;
    }
  };
  /** A bulletin issued after it was fetched: left out, its part failed, reported. */
  const fromTheFuture = (name: string, product: string, issuedAt: string | null): boolean => {
    if (issuedAt === null || Date.parse(issuedAt) <= now.getTime() + FUTURE_TOLERANCE_MS) return false;
    const detail = `issued at ${issuedAt}, later than it was fetched (${stamp})`;
    outcomes.set(name, `${detail}: left out`);
    faults.push({
      source: name.startsWith('AB') && name.endsWith('20') ? 'nhc' : 'jtwc',
      product,
      kind: 'future-time',
      detail,
      action: 'bulletin left out',
    });
    return true;
  };
  // Upstream text left out (a cyclone's name, an area's title): reported in the live data-quality document.
  const rejections: LiveRejection[] = [];
  const [abpw, abio, abnt, abpz, feed, read] = await Promise.all([
    part('ABPW10', fetchAdvisory(up, 'ABPW10', rejections)),
    part('ABIO10', fetchAdvisory(up, 'ABIO10', rejections)),
    part('ABNT20', fetchOutlook(up, 'ABNT20', rejections)),
    part('ABPZ20', fetchOutlook(up, 'ABPZ20', rejections)),
    part('feed', fetchFeedAlerts(up)),
    readDisturbanceDocument(store),
  ]);
  const stored = await storedOrRebuilt(store, read, previousStatus, faults);
  const storedAdvisory = (product: string) => stored.advisories.find((a) => a.product === product) ?? null;
  /** Not older than what was read before for its product: an older one replaces nothing, and is reported. */
  const notOlder = (product: string, issuedAt: string, known: string | null | undefined, source: LiveFault['source']) => {
    if (!known || issuedAt >= known) return true;
    faults.push({
      source,
      product,
      kind: 'older-bulletin',
      detail: `issued at ${issuedAt}, older than the one already read (issued at ${known})`,
      action: 'the newer one is kept',
    });
    return false;
  };
  const advisories = [abpw, abio].filter(
    (a): a is JtwcAdvisory =>
      a !== null &&
      !fromTheFuture(a.product, a.product, a.issuedAt) &&
      notOlder(a.product, a.issuedAt, storedAdvisory(a.product)?.issuedAt, 'jtwc'),
  );
  // The alerts to read: those the feed lists and those the advisories cite for a watched area (`<basin><nn><yy>.tcw`;
  // a cancelled area cites the cancellation, whose file is gone).
  const productIds = new Set(feed ?? []);
  for (const advisory of advisories) {
    for (const area of advisory.areas) {
      for (const item of [...area.disturbances.items, ...area.subtropical.items]) {
        const atcfId =
          item.system?.invest && item.formationAlert && item.status === 'suspect'
            ? atcfIdOf(item.system, new Date(advisory.validFrom))
            : null;
        if (atcfId) productIds.add(`${atcfId.slice(0, 4)}${atcfId.slice(-2)}`);
      }
    }
  }
  const alerts = new Map<string, FormationAlert>();
  await Promise.all(
    [...productIds].sort().map(async (productId) => {
      const name = alertPart(productId);
      const alert = await part(name, fetchAlert(up, productId));
      if (!alert || fromTheFuture(name, `${productId}.tcw`, alert.issuedAt)) return;
      const atcfId = atcfOfProduct(productId);
      const record = stored.records.find((r) => r.atcfId === atcfId);
      const known = [record?.alert?.issuedAt, record?.lastAlert?.issuedAt].reduce<string>((a, b) => (b && b > a ? b : a), '');
      if (alert.issuedAt && !notOlder(`${productId}.tcw`, alert.issuedAt, known, 'jtwc')) return;
      alerts.set(atcfId, alert);
    }),
  );
  const listed = updateDisturbances(
    stored.records,
    { advisories, alerts, feedAlerts: feed && new Set(feed.map(atcfOfProduct)), tracks: new Map() },
    now,
  );
  // The b-decks of the invests active now (a missing deck is common: the invest may not have one yet).
  const tracks = new Map<string, { source: 'ucar' | 'nhc'; track: InvestTrack }>();
  await Promise.all(
    listed
      .filter((r) => r.isActive)
      .map(async (r) => {
        const track = await fetchTrack(up, r.atcfId).catch(() => null);
        if (track) tracks.set(r.atcfId, { ...track, track: { ...track.track, points: pastPoints(track.track.points, now) } });
      }),
  );
  const records = tracks.size ? updateDisturbances(listed, { advisories: [], alerts: new Map(), feedAlerts: null, tracks }, now) : listed;
  // Each advisory as last read: this run's where it was read, else the one stored (the last good).
  const summaries = [
    ...advisories.map((a) => advisorySummary(a, records)),
    ...stored.advisories.filter((a) => !advisories.some((b) => b.product === a.product)),
  ].sort((a, b) => a.product.localeCompare(b.product));
  // Each outlook as last read, in the order of OUTLOOK_PRODUCTS: this run's where it was read (and not older than the
  // one stored), else the one stored.
  const outlooks = OUTLOOK_PRODUCTS.flatMap((product, i) => {
    const previous = stored.outlooks.find((o) => o.product === product);
    const fetched = [abnt, abpz][i] ?? null;
    const usable =
      fetched !== null &&
      !fromTheFuture(product, product, fetched.issuedAt) &&
      notOlder(product, fetched.issuedAt, previous?.issuedAt, 'nhc');
    const outlook = usable ? formationOutlook(fetched, previous) : previous;
    return outlook ? [outlook] : [];
  });
  await writeDisturbances(store, { records, advisories: summaries, outlooks });
  await recordTextProblems(store, rejections, now).catch((error: unknown) =>
    console.warn(`live data-quality document not written: ${describe(error)}`),
  );
  await recordFaults(store, faults, now).catch((error: unknown) =>
    console.warn(`live data-quality document not written: ${describe(error)}`),
  );
  const parts: DisturbanceStatus['parts'] = {};
  // The parts asked this run; an alert no longer asked for is no longer a part.
  for (const [name, error] of outcomes) {
    const last = previousStatus.parts[name];
    parts[name] = { lastAttemptAt: stamp, lastSuccessAt: error === null ? stamp : (last?.lastSuccessAt ?? null), lastError: error };
  }
  const failed = [...outcomes].filter(([, error]) => error !== null).map(([name, error]) => `${name}: ${error}`);
  const error = failed.length ? failed.join('; ') : null;
  await writeDisturbanceStatus(store, {
    jtwc: { lastAttemptAt: stamp, lastSuccessAt: error ? (before?.lastSuccessAt ?? null) : stamp, lastError: error, runningSince: null },
    parts,
  });
  return { ok: error === null, active: records.filter((r) => r.isActive).length, total: records.length, error };
}

/** A b-deck's points up to the fetch (a later one is bad data; b-decks are the invest's track, never a forecast). */
const pastPoints = <T extends { time: string }>(points: readonly T[], now: Date): T[] =>
  points.filter((p) => Date.parse(p.time) <= now.getTime() + FUTURE_TOLERANCE_MS);
