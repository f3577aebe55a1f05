/**
 * The one way to read and write a document of the live store (snapshot, status, flash items, the global archive).
 *
 * - A read tells apart a document that is missing, unreadable (not text or not JSON: truncated, garbage, a folder
 *   where a file should be) and invalid (JSON that does not match its schema after migration).
 * - Every document is written twice, to its key and to `backup/<key>`: when one copy is damaged, readers serve the
 *   other, the last good data, and say so (`recovered`).
 * - A writer never overwrites a document it could not read: the damaged copy is first set aside under
 *   `quarantine/…` (and logged), so nothing a fault touched is lost, and the write then heals the key.
 * - Documents carry a schema version: `{schemaVersion, data}`. A bare JSON value (written before versions existed)
 *   reads as version 0; each kind says how to migrate older versions.
 */
import type { z } from 'zod';
import type { KeyValueStore } from './store.ts';

export interface DocumentKind<T> {
  /** What the document is, for messages. */
  name: string;
  schema: z.ZodType<T>;
  version: number;
  /** Data of an older version → data of `version`; the default keeps it as it is. */
  migrate?: (data: unknown, fromVersion: number) => unknown;
}

export type Damage = 'unreadable' | 'invalid';

export type DocumentRead<T> =
  | { state: 'missing' }
  | { state: 'ok'; value: T /** The main copy was missing or damaged; this is the backup. */; recovered: Damage | 'missing' | null }
  | { state: Damage; error: string };

export const backupKey = (key: string) => `backup/${key}`;
export const QUARANTINE_PREFIX = 'quarantine/';

type Raw<T> = { state: 'missing' } | { state: 'ok'; value: T } | { state: Damage; error: string };

/** The copies a run's view (runView) has parsed, by kind and key, with the text each was parsed from. */
type Parsed = Map<DocumentKind<unknown>, Map<string, { text: string; read: Raw<unknown> }>>;
const parsedBy = new WeakMap<KeyValueStore, Parsed>();

/**
 * A scheduled run's view of the store: each copy of a document is read from the store once, and parsed once while
 * its text is the same, however many of the run's parts ask for it (a run asked for 46 documents 128 times, the
 * snapshot 13 times: on Netlify Blobs each is a request). The run's own writes replace what it read; a copy it set
 * aside is read again. What the view reads is what the store would give at that moment, save another process's
 * writes during the run. A value parsed through it is shared by the run's readers, so it is frozen: a reader that
 * changed it would fail instead of changing what the others read.
 */
export function runView(store: KeyValueStore): KeyValueStore {
  const texts = new Map<string, Promise<string | null>>();
  const view: KeyValueStore = {
    get: (key) => {
      const known = texts.get(key);
      if (known) return known;
      const text = store.get(key);
      texts.set(key, text);
      // A copy that could not be read is asked again: what another write repaired (a folder in the store's place) reads.
      text.catch(() => texts.get(key) === text && texts.delete(key));
      return text;
    },
    set: async (key, value) => {
      texts.delete(key);
      await store.set(key, value);
      texts.set(key, Promise.resolve(value));
    },
    list: (prefix) => store.list(prefix),
    setAside: async (key, prefix) => {
      texts.delete(key);
      const aside = await store.setAside(key, prefix);
      texts.delete(key);
      return aside;
    },
  };
  parsedBy.set(view, new Map());
  return view;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

async function readCopy<T>(store: KeyValueStore, key: string, kind: DocumentKind<T>): Promise<Raw<T>> {
  let text: string | null;
  try {
    text = await store.get(key);
  } catch (error) {
    return { state: 'unreadable', error: `${key}: ${(error as Error).message}` };
  }
  if (text === null) return { state: 'missing' };
  const parsed = parsedBy.get(store);
  if (!parsed) return parseCopy(text, key, kind);
  let ofKind = parsed.get(kind as DocumentKind<unknown>);
  if (!ofKind) parsed.set(kind as DocumentKind<unknown>, (ofKind = new Map()));
  const known = ofKind.get(key);
  if (known?.text === text) return known.read as Raw<T>;
  const read = parseCopy(text, key, kind);
  if (read.state === 'ok') deepFreeze(read.value);
  ofKind.set(key, { text, read });
  return read;
}

function parseCopy<T>(text: string, key: string, kind: DocumentKind<T>): Raw<T> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { state: 'unreadable', error: `${key}: not JSON (${(error as Error).message})` };
  }
  const versioned = typeof json === 'object' && json !== null && !Array.isArray(json) && 'schemaVersion' in json && 'data' in json;
  const version = versioned ? Number((json as { schemaVersion: unknown }).schemaVersion) : 0;
  const data = versioned ? (json as { data: unknown }).data : json;
  if (!Number.isInteger(version) || version > kind.version)
    return { state: 'invalid', error: `${key}: schema version ${version} is newer than ${kind.version}` };
  const migrated = version < kind.version && kind.migrate ? kind.migrate(data, version) : data;
  const parsed = kind.schema.safeParse(migrated);
  if (!parsed.success)
    return {
      state: 'invalid',
      error: `${key}: ${parsed.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join('.')}: ${i.message}`)
        .join('; ')}`,
    };
  return { state: 'ok', value: parsed.data };
}

export async function readDocument<T>(store: KeyValueStore, key: string, kind: DocumentKind<T>): Promise<DocumentRead<T>> {
  const main = await readCopy(store, key, kind);
  if (main.state === 'ok') return { ...main, recovered: null };
  const backup = await readCopy(store, backupKey(key), kind);
  if (backup.state === 'ok') return { state: 'ok', value: backup.value, recovered: main.state };
  return main.state === 'missing' ? backup : main;
}

/**
 * What a damaged document's copies still hold, for a rebuild to recover item by item: the data of each copy that is
 * JSON (whatever its shape), migrated to the kind's version. A copy that is missing or not JSON gives nothing.
 */
export async function readableData<T>(store: KeyValueStore, key: string, kind: DocumentKind<T>): Promise<unknown[]> {
  const data: unknown[] = [];
  for (const copy of [key, backupKey(key)]) {
    const text = await store.get(copy).catch(() => null);
    if (text === null) continue;
    try {
      const json: unknown = JSON.parse(text);
      const versioned = typeof json === 'object' && json !== null && !Array.isArray(json) && 'schemaVersion' in json && 'data' in json;
      const version = versioned ? Number((json as { schemaVersion: unknown }).schemaVersion) : 0;
      const value = versioned ? (json as { data: unknown }).data : json;
      data.push(Number.isInteger(version) && version < kind.version && kind.migrate ? kind.migrate(value, version) : value);
    } catch {
      // Not JSON: nothing in it can be recovered (the copy is set aside by the next write, never deleted).
    }
  }
  return data;
}

/** The value, or null when there is none that can be read (the reason goes to the log). */
export async function readDocumentValue<T>(store: KeyValueStore, key: string, kind: DocumentKind<T>): Promise<T | null> {
  const read = await readDocument(store, key, kind);
  if (read.state === 'ok') return read.value;
  if (read.state !== 'missing') console.warn(`live store: ${kind.name} ${read.state}: ${read.error}`);
  return null;
}

/** Sets a damaged copy aside (never deletes it), so that the write that follows cannot lose it. */
async function setAsideIfDamaged<T>(store: KeyValueStore, key: string, kind: DocumentKind<T>): Promise<void> {
  const current = await readCopy(store, key, kind);
  if (current.state !== 'unreadable' && current.state !== 'invalid') return;
  const aside = await store.setAside(key, `${QUARANTINE_PREFIX}${key}`);
  console.warn(
    `live store: ${kind.name} at ${key} was ${current.state} (${current.error}); set aside${aside ? ` as ${aside}` : ''} before writing`,
  );
}

/** The documents a write set aside (`quarantine/<key>/<time>`, `quarantine/backup/<key>/<time>`), as the store lists them now. */
export const quarantined = (store: KeyValueStore) => store.list(QUARANTINE_PREFIX);

/**
 * The documents of which both copies were set aside between two listings of quarantined(): lost to damage and
 * written again since, each with the keys its copies were set aside as.
 */
export function lostBetween(before: readonly string[], after: readonly string[]): { key: string; asides: string[] }[] {
  const known = new Set(before);
  const byKey = new Map<string, string[]>();
  for (const aside of after.filter((k) => !known.has(k))) {
    const copy = aside.slice(QUARANTINE_PREFIX.length).replace(/\/[^/]+$/, '');
    const key = copy.startsWith('backup/') ? copy.slice('backup/'.length) : copy;
    byKey.set(key, [...(byKey.get(key) ?? []), aside]);
  }
  return [...byKey]
    .filter(
      ([key, asides]) =>
        asides.some((a) => a.startsWith(`${QUARANTINE_PREFIX}${key}/`)) &&
        asides.some((a) => a.startsWith(`${QUARANTINE_PREFIX}${backupKey(key)}/`)),
    )
    .map(([key, asides]) => ({ key, asides: asides.sort() }));
}

/** What follows `prefix` in the keys of the documents under it, either copy (a main copy may be gone, its backup not). */
export async function documentNames(store: KeyValueStore, prefix: string): Promise<string[]> {
  const [main, backup] = await Promise.all([store.list(prefix), store.list(backupKey(prefix))]);
  const names = [...main.map((key) => key.slice(prefix.length)), ...backup.map((key) => key.slice(backupKey(prefix).length))];
  return [...new Set(names)].sort();
}

export async function writeDocument<T>(store: KeyValueStore, key: string, kind: DocumentKind<T>, value: T): Promise<void> {
  const text = JSON.stringify({ schemaVersion: kind.version, data: value });
  for (const copy of [key, backupKey(key)]) {
    await setAsideIfDamaged(store, copy, kind);
    await store.set(copy, text);
  }
}
