/**
 * Where live data is kept: Netlify Blobs in production (one store per deploy context, because site-wide stores
 * are shared with deploy previews), a local folder everywhere else. Both hold whole documents under keys; a write
 * replaces a document atomically (a rename locally, a single PUT on Blobs). Documents are read and written through
 * documents.ts, which tells damage apart and keeps a backup copy of each.
 */
import path from 'node:path';
import { getStore, type Store } from '@netlify/blobs';
import fs from 'node:fs';
import type { StoreLocation } from '../config/env.ts';
import { CACHE_DIR } from '../config/paths.ts';

export interface KeyValueStore {
  /** The text under a key, or null; throws when it cannot be read (a folder in its place, an I/O error). */
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
  /** Keys that start with `prefix` (names that cannot be keys are skipped). */
  list(prefix: string): Promise<string[]>;
  /** Moves what is under `key` to a fresh key starting with `prefix` (nothing is deleted); returns that key. */
  setAside(key: string, prefix: string): Promise<string | null>;
}

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

/** What is at a path, or null when nothing can be found there (missing, or a file where a folder on the way should be). */
const statOf = (at: string) => {
  try {
    return fs.statSync(at);
  } catch {
    return null;
  }
};

/** The store folder, made when missing; a file in its place (damage) is moved aside first. */
function repairDir(dir: string): void {
  if (statOf(dir)?.isDirectory() === false) {
    const aside = `${dir}.not-a-folder-${stamp()}`;
    fs.renameSync(dir, aside);
    console.warn(`live store: ${dir} was a file, not a folder; moved to ${aside}`);
  }
  fs.mkdirSync(dir, { recursive: true });
}

/**
 * A folder of small documents, read and written synchronously: through node:fs/promises a read took ten times the
 * CPU (80 against 7 µs on the 2-core machine: four trips through the thread pool), and a scheduled run makes about
 * a hundred store calls, a request several. A write's steps (repair the folder, write, rename) cannot interleave
 * with another write's.
 */
export function fileStore(dir: string): KeyValueStore {
  // Keys may hold slashes (`global/nhc-al132025`); the file name encodes them reversibly.
  const file = (key: string) => path.join(dir, `${encodeURIComponent(key)}.json`);
  const keyOf = (name: string) => {
    try {
      return decodeURIComponent(name.slice(0, -'.json'.length));
    } catch {
      return null; // not a name this store wrote (`global%2F%zz.json`): not a key
    }
  };
  return {
    list: async (prefix) => {
      let names: string[];
      try {
        names = fs.readdirSync(dir);
      } catch {
        names = [];
      }
      return names
        .filter((name) => name.endsWith('.json'))
        .map(keyOf)
        .filter((key): key is string => key?.startsWith(prefix) ?? false)
        .sort();
    },
    get: async (key) => {
      try {
        return fs.readFileSync(file(key), 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    set: async (key, value) => {
      repairDir(dir);
      const target = file(key);
      const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
      fs.writeFileSync(temp, value);
      // A folder where the document should be cannot be replaced by a rename: move it aside first.
      if (statOf(target)?.isDirectory()) fs.renameSync(target, file(`quarantine/${key}/${stamp()}-folder`));
      fs.renameSync(temp, target);
    },
    setAside: async (key, prefix) => {
      const from = file(key);
      if (!statOf(from)) return null;
      const to = `${prefix}/${stamp()}`;
      repairDir(dir);
      fs.renameSync(from, file(to));
      return to;
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
    setAside: async (key, prefix) => {
      const text = await store.get(key, { type: 'text' });
      if (text === null) return null;
      const to = `${prefix}/${stamp()}`;
      await store.set(to, text);
      return to;
    },
  };
}

declare const Netlify: { context?: { deploy?: { context?: string } } } | undefined;

/**
 * The deploy context inside a Netlify function (production, deploy-preview, branch-deploy, …): the runtime's,
 * else the configured one (CONTEXT). The runtime can give an empty string (measured with netlify-cli 26), so every
 * empty value falls through (`||`, not `??`): the scheduled writer and the readers must always agree on the store.
 */
export function deployContext(configured: string | null): string {
  const fromRuntime = typeof Netlify === 'undefined' ? undefined : Netlify?.context?.deploy?.context;
  return fromRuntime || configured || 'production';
}

/**
 * The store for this process: Netlify Blobs on Netlify (one store per deploy context, named `live-<context>`: the
 * name predates the global archive and the flash news, which it holds too), else a folder (default `.cache/live`).
 */
export function openStore(location: StoreLocation): KeyValueStore {
  if (location.kind === 'blobs') return blobStore(getStore({ name: `live-${deployContext(location.context)}`, consistency: 'strong' }));
  return fileStore(location.dir ?? path.join(CACHE_DIR, 'live'));
}
