/**
 * Where live snapshots are kept: Netlify Blobs in production (one store per deploy context, because site-wide
 * stores are shared with deploy previews), a local folder everywhere else. Both hold whole JSON documents
 * under a few keys; a write replaces a document atomically (a rename locally, a single PUT on Blobs).
 */
import path from 'node:path';
import { getStore, type Store } from '@netlify/blobs';
import fs from 'fs-extra';
import { CACHE_DIR } from '../config.ts';

export interface KeyValueStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
  /** Keys that start with `prefix`. */
  list(prefix: string): Promise<string[]>;
}

export function fileStore(dir: string): KeyValueStore {
  // Keys may hold slashes (`global/nhc-al132025`); the file name encodes them reversibly.
  const file = (key: string) => path.join(dir, `${encodeURIComponent(key)}.json`);
  return {
    list: async (prefix) =>
      (await fs.readdir(dir).catch(() => [] as string[]))
        .filter((name) => name.endsWith('.json'))
        .map((name) => decodeURIComponent(name.slice(0, -'.json'.length)))
        .filter((key) => key.startsWith(prefix))
        .sort(),
    get: (key) => fs.readFile(file(key), 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    }),
    set: async (key, value) => {
      await fs.mkdirp(dir);
      const temp = `${file(key)}.${process.pid}.${Date.now()}.tmp`;
      await fs.writeFile(temp, value);
      await fs.rename(temp, file(key));
    },
  };
}

export function blobStore(store: Store): KeyValueStore {
  return {
    list: async (prefix) => (await store.list({ prefix })).blobs.map((blob) => blob.key).sort(),
    get: (key) => store.get(key, { type: 'text' }),
    set: async (key, value) => {
      await store.set(key, value);
    },
  };
}

declare const Netlify: { context?: { deploy?: { context?: string } } } | undefined;

/**
 * The deploy context inside a Netlify function (production, deploy-preview, branch-deploy, …). The runtime can
 * give an empty string (DESIGN.md §4), so every empty value falls through (`||`, not `??`): the scheduled writer
 * and the readers must always agree on the store.
 */
export function deployContext(): string {
  const fromRuntime = typeof Netlify === 'undefined' ? undefined : Netlify?.context?.deploy?.context;
  return fromRuntime || process.env.CONTEXT || 'production';
}

/** The store of live data for this process: Blobs on Netlify, else `$TYPHOON_LIVE_DIR` or `.cache/live`. */
export function liveStore(): KeyValueStore {
  if (process.env.NETLIFY_BLOBS_CONTEXT || process.env.NETLIFY === 'true') {
    return blobStore(getStore({ name: `live-${deployContext()}`, consistency: 'strong' }));
  }
  return fileStore(process.env.TYPHOON_LIVE_DIR ?? path.join(CACHE_DIR, 'live'));
}
