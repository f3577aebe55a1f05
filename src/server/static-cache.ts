/**
 * Static files held in memory with their compressed variants, keyed by path and `stat` (size, mtime, inode),
 * so a file replaced in place is read again, and a rebuild, which is a new folder, has new paths. Least recently
 * used entries go first once the bytes held (bodies and variants) pass the cap: the real build is 70 MB.
 */
import type fs from 'node:fs';
import { readFile } from 'node:fs/promises';
import { etagOf } from '../api/etag.ts';
import { compress, type Encoding } from './compression.ts';
import type { MaybePromise } from './sync-first.ts';

export interface CachedFile {
  body: Buffer;
  /** Strong, from the bytes, like Netlify's for its static files (of the identity body: etag.ts). */
  etag: string;
  /** Compressed bodies: a promise while compressing, then the bytes. */
  variants: Partial<Record<Encoding, MaybePromise<Buffer>>>;
}

export interface StaticCache {
  /** The file's body as of this `stat`, read once (at hand once read). */
  get(file: string, stat: fs.Stats): MaybePromise<CachedFile>;
  /** The body in an encoding, compressed once per cached file (at hand once compressed). */
  encoded(entry: CachedFile, encoding: Encoding): MaybePromise<Buffer>;
  /** Bytes held now (bodies and finished variants). */
  bytes(): number;
}

interface Slot {
  file: string;
  stat: fs.Stats;
  /** A promise while the file is read, then the entry. */
  entry: MaybePromise<CachedFile>;
  bytes: number;
}

const sameFile = (a: fs.Stats, b: fs.Stats) => a.size === b.size && a.mtimeMs === b.mtimeMs && a.ino === b.ino;

async function load(file: string): Promise<CachedFile> {
  const body = await readFile(file);
  return { body, etag: etagOf(body), variants: {} };
}

export function createStaticCache(maxBytes: number): StaticCache {
  // A Map iterates in insertion order: re-inserting on every hit keeps the least recently used first.
  const slots = new Map<string, Slot>();
  const slotOf = new WeakMap<CachedFile, Slot>();
  let total = 0;

  // Counts bytes of a slot still held (an evicted or replaced one no longer counts), then evicts down to the cap.
  const account = (slot: Slot, bytes: number) => {
    if (slots.get(slot.file) !== slot) return;
    slot.bytes += bytes;
    total += bytes;
    for (const [oldest, old] of slots) {
      if (total <= maxBytes) break;
      slots.delete(oldest);
      total -= old.bytes;
    }
  };

  return {
    get(file, stat) {
      const slot = slots.get(file);
      slots.delete(file);
      if (slot && sameFile(slot.stat, stat)) {
        slots.set(file, slot);
        return slot.entry;
      }
      if (slot) total -= slot.bytes;
      const loading = load(file);
      const fresh: Slot = { file, stat, entry: loading, bytes: 0 };
      slots.set(file, fresh);
      loading.then(
        (entry) => {
          fresh.entry = entry;
          slotOf.set(entry, fresh);
          account(fresh, entry.body.length);
        },
        () => slots.get(file) === fresh && slots.delete(file),
      );
      return loading;
    },

    encoded(entry, encoding) {
      const variant = entry.variants[encoding];
      if (variant) return variant;
      const compressing = compress(entry.body, encoding, true);
      entry.variants[encoding] = compressing;
      compressing.then(
        (body) => {
          entry.variants[encoding] = body;
          const slot = slotOf.get(entry);
          if (slot) account(slot, body.length);
        },
        () => delete entry.variants[encoding],
      );
      return compressing;
    },

    bytes: () => total,
  };
}
