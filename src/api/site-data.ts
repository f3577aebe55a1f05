/**
 * How functions read files the build generated. On Netlify each function bundles the files it reads through
 * its config's `includedFiles`, at the same path under the bundle root, which is the working directory on
 * Lambda; locally the server passes its public/ folder in the functions' configuration. Parsed files are kept for the
 * life of the instance.
 *
 * The folder is a plain relative path on purpose: the bundler (nft) resolves `process.cwd()`, `__dirname` or
 * `import.meta` in a path expression and then copies the whole folder into every bundle (73 MB each, measured).
 */
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import fs from 'fs-extra';

/** Parsed files, with the size and time they had: a rebuild under a running local server is seen at once. */
const cache = new Map<string, { stamp: string; value: Promise<unknown> }>();

/** A generated data file's content as JSON: `.json.gz` files are gzipped JSON (too big to bundle as text). */
export const parseDataFile = (file: string, bytes: Uint8Array): unknown =>
  JSON.parse((file.endsWith('.gz') ? gunzipSync(bytes) : Buffer.from(bytes)).toString('utf8'));

/** Parsed JSON of a generated file under public/, or null when it does not exist. */
export async function readPublicJson<T>(publicDir: string, relativePath: string): Promise<T | null> {
  const file = path.join(publicDir, relativePath);
  const stat = await fs.stat(file).catch(() => null);
  if (!stat) return null;
  const stamp = `${stat.size}:${stat.mtimeMs}:${stat.ino}`;
  let entry = cache.get(file);
  if (entry?.stamp !== stamp) {
    entry = { stamp, value: fs.readFile(file).then((bytes) => parseDataFile(file, bytes)) };
    entry.value.catch(() => cache.delete(file));
    cache.set(file, entry);
  }
  return entry.value as Promise<T>;
}
