/**
 * The disturbance part of the scheduled refresh (docs/disturbances.md): JTWC's Significant Tropical Weather
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
import { ShapeError } from '../model/parse-problems.ts';
import { toUtcIso } from '../model/time.ts';
import type { KeyValueStore } from '../store/store.ts';
import { recordTextProblems, type LiveRejection } from '../store/text-quality.ts';
import type { GlobalUpstreams } from '../upstream/addresses.ts';
import { investTrack } from '../upstream/invest-track.ts';
import { parseJtwcRss } from '../upstream/jtwc.ts';
import { parseJtwcAdvisory } from '../upstream/jtwc-advisory.ts';
import { parseJtwcTcfa } from '../upstream/jtwc-tcfa.ts';
import { parseNhcOutlook } from '../upstream/nhc-outlook.ts';
import { atcfIdOf, updateDisturbances } from './disturbance-records.ts';
import { formationOutlook } from './nhc-outlooks.ts';
import {
  readDisturbanceDocument,
  readDisturbanceStatus,
  writeDisturbanceStatus,
  writeDisturbances,
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

const settle = async <T>(work: Promise<T>, errors: string[]): Promise<T | null> => {
  try {
    return await work;
  } catch (error) {
    errors.push(describe(error));
    return null;
  }
};

export async function refreshDisturbances(up: GlobalUpstreams, store: KeyValueStore, now = new Date()): Promise<DisturbanceRefreshResult> {
  const stamp = toUtcIso(now);
  const previousStatus = await readDisturbanceStatus(store);
  const mark = (patch: Partial<NonNullable<DisturbanceStatus['jtwc']>>): DisturbanceStatus => ({
    jtwc: { lastAttemptAt: stamp, lastSuccessAt: null, lastError: null, runningSince: null, ...previousStatus.jtwc, ...patch },
  });
  await writeDisturbanceStatus(store, mark({ lastAttemptAt: stamp, runningSince: stamp }));
  const errors: string[] = [];
  // Upstream text left out (a cyclone's name, an area's title): reported in the live data-quality document.
  const rejections: LiveRejection[] = [];
  const [abpw, abio, abnt, abpz, feed, stored] = await Promise.all([
    settle(fetchAdvisory(up, 'ABPW10', rejections), errors),
    settle(fetchAdvisory(up, 'ABIO10', rejections), errors),
    settle(fetchOutlook(up, 'ABNT20', rejections), errors),
    settle(fetchOutlook(up, 'ABPZ20', rejections), errors),
    settle(fetchFeedAlerts(up), errors),
    readDisturbanceDocument(store),
  ]);
  const advisories = [abpw, abio].filter((a) => a !== null);
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
      const alert = await settle(fetchAlert(up, productId), errors);
      if (alert) alerts.set(atcfOfProduct(productId), alert);
    }),
  );
  if (stored.state === 'unreadable' || stored.state === 'invalid') {
    // Never written over: the records would be lost. Told as a failure until the document is repaired.
    const error = `the stored disturbances cannot be read (${stored.error}); not updated`;
    await writeDisturbanceStatus(store, mark({ lastError: error, runningSince: null }));
    return { ok: false, active: 0, total: 0, error };
  }
  const previous: Disturbance[] = stored.state === 'ok' ? stored.value.records : [];
  const listed = updateDisturbances(
    previous,
    { advisories, alerts, feedAlerts: feed && new Set(feed.map(atcfOfProduct)), tracks: new Map() },
    now,
  );
  // The b-decks of the invests active now (a missing deck is common: the invest may not have one yet).
  const tracks = new Map<string, { source: 'ucar' | 'nhc'; track: InvestTrack }>();
  await Promise.all(
    listed
      .filter((r) => r.isActive)
      .map(async (r) => {
        const track = await settle(fetchTrack(up, r.atcfId), []);
        if (track) tracks.set(r.atcfId, track);
      }),
  );
  const records = tracks.size ? updateDisturbances(listed, { advisories: [], alerts: new Map(), feedAlerts: null, tracks }, now) : listed;
  // Each advisory as last read: this run's where it was read, else the one stored (the last good).
  const summaries = [
    ...advisories.map((a) => advisorySummary(a, records)),
    ...(stored.state === 'ok' ? stored.value.advisories : []).filter((a) => !advisories.some((b) => b.product === a.product)),
  ].sort((a, b) => a.product.localeCompare(b.product));
  // Each outlook as last read, in the order of OUTLOOK_PRODUCTS: this run's where it was read, else the one stored.
  const storedOutlooks = stored.state === 'ok' ? stored.value.outlooks : [];
  const outlooks = OUTLOOK_PRODUCTS.flatMap((product, i) => {
    const previous = storedOutlooks.find((o) => o.product === product);
    const read = [abnt, abpz][i];
    const outlook = read ? formationOutlook(read, previous) : previous;
    return outlook ? [outlook] : [];
  });
  await writeDisturbances(store, { records, advisories: summaries, outlooks });
  await recordTextProblems(store, rejections, now).catch((error: unknown) =>
    console.warn(`live data-quality document not written: ${describe(error)}`),
  );
  const error = errors.length ? errors.join('; ') : null;
  await writeDisturbanceStatus(
    store,
    mark({ lastError: error, lastSuccessAt: error ? (previousStatus.jtwc?.lastSuccessAt ?? null) : stamp, runningSince: null }),
  );
  return { ok: error === null, active: records.filter((r) => r.isActive).length, total: records.length, error };
}
