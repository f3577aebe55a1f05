/**
 * The refresh job, shared by the scheduled function (every 15 minutes) and `build --live`: fetch the active
 * storms with full details from the Zhejiang service, or from NMC when Zhejiang fails, and replace the
 * snapshot only with a complete, validated result. Any failure of both leaves the last good snapshot in place.
 */
import { toBeijingIso } from '../model/time.ts';
import type { Typhoon } from '../model/schemas.ts';
import { normalizeNmcList, normalizeNmcView } from './nmc-live.ts';
import { KEYS, liveSnapshotSchema, readSnapshot, readStatus, type LiveSnapshot, type RefreshStatus } from './snapshot.ts';
import type { KeyValueStore } from './store.ts';
import { createUpstreamClient, type UpstreamClient } from './upstream-client.ts';
import { activeZjIds, normalizeZjInfo } from './zj-live.ts';

export interface LiveUpstreams {
  zjBase: string;
  nmcBase: string;
  client: UpstreamClient;
}

export const DEFAULT_ZJ_BASE = 'https://typhoon.slt.zj.gov.cn/Api';
export const DEFAULT_NMC_BASE = 'https://typhoon.nmc.cn/weatherservice/typhoon/jsons';

/** Upstream addresses from the environment (TYPHOON_ZJ_BASE, TYPHOON_NMC_BASE), else the official ones. */
export function upstreamsFromEnv(client: UpstreamClient = createUpstreamClient()): LiveUpstreams {
  return {
    zjBase: (process.env.TYPHOON_ZJ_BASE ?? DEFAULT_ZJ_BASE).replace(/\/$/, ''),
    nmcBase: (process.env.TYPHOON_NMC_BASE ?? DEFAULT_NMC_BASE).replace(/\/$/, ''),
    client,
  };
}

export async function fetchZjTyphoon(upstreams: LiveUpstreams, tfid: string, now: Date): Promise<Typhoon> {
  return normalizeZjInfo(await upstreams.client.json(`${upstreams.zjBase}/TyphoonInfo/${encodeURIComponent(tfid)}`), now);
}

async function fetchFromZj(upstreams: LiveUpstreams, now: Date): Promise<Typhoon[]> {
  const ids = activeZjIds(await upstreams.client.json(`${upstreams.zjBase}/TyhoonActivity`));
  return Promise.all(ids.map((id) => fetchZjTyphoon(upstreams, id, now)));
}

async function fetchFromNmc(upstreams: LiveUpstreams, now: Date): Promise<Typhoon[]> {
  const list = normalizeNmcList(await upstreams.client.json(`${upstreams.nmcBase}/list_default`));
  const active = list.filter((item) => item.active);
  return Promise.all(active.map(async (item) => normalizeNmcView(await upstreams.client.json(`${upstreams.nmcBase}/view_${item.id}`), now)));
}

export interface RefreshResult {
  ok: boolean;
  source: LiveSnapshot['source'] | null;
  typhoons: number;
  errors: string[];
  milliseconds: number;
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

export async function refreshLive(upstreams: LiveUpstreams, store: KeyValueStore, now = new Date()): Promise<RefreshResult> {
  const started = performance.now();
  const errors: string[] = [];
  let snapshot: LiveSnapshot | null = null;
  for (const [source, fetchAll] of [['zj-live', fetchFromZj], ['nmc', fetchFromNmc]] as const) {
    try {
      const typhoons = await fetchAll(upstreams, now);
      snapshot = liveSnapshotSchema.parse({ fetchedAt: toBeijingIso(now), source, typhoons });
      break;
    } catch (error) {
      errors.push(`${source}: ${describe(error)}`);
    }
  }
  const previousStatus = await readStatus(store);
  const status: RefreshStatus = {
    lastAttemptAt: toBeijingIso(now),
    lastSuccessAt: snapshot ? toBeijingIso(now) : (previousStatus?.lastSuccessAt ?? null),
    lastError: snapshot ? null : errors.join(' | '),
    consecutiveFailures: snapshot ? 0 : (previousStatus?.consecutiveFailures ?? 0) + 1,
  };
  if (snapshot) {
    const previous = await readSnapshot(store);
    if (previous) await store.set(KEYS.previous, JSON.stringify(previous));
    await store.set(KEYS.snapshot, JSON.stringify(snapshot));
  }
  await store.set(KEYS.status, JSON.stringify(status));
  return { ok: snapshot !== null, source: snapshot?.source ?? null, typhoons: snapshot?.typhoons.length ?? 0, errors, milliseconds: performance.now() - started };
}
