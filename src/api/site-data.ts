/**
 * How functions read files the build generated. On Netlify each function bundles the files it reads through
 * its config's `includedFiles`, at the same path under the bundle root, which is the working directory on
 * Lambda; locally the server points `TYPHOON_PUBLIC_DIR` at its public/ folder. Parsed files are kept for the
 * life of the instance.
 *
 * The folder is a plain relative path on purpose: the bundler (nft) resolves `process.cwd()`, `__dirname` or
 * `import.meta` in a path expression and then copies the whole folder into every bundle (73 MB each, measured).
 */
import path from 'node:path';
import fs from 'fs-extra';

const cache = new Map<string, Promise<unknown>>();

export const publicDir = () => process.env.TYPHOON_PUBLIC_DIR ?? 'public';

/** Parsed JSON of a generated file under public/, or null when it does not exist. */
export function readPublicJson<T>(relativePath: string): Promise<T | null> {
  const file = path.join(publicDir(), relativePath);
  let pending = cache.get(file);
  if (!pending) {
    pending = fs.readJson(file).catch((error: NodeJS.ErrnoException) => {
      cache.delete(file);
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    cache.set(file, pending);
  }
  return pending as Promise<T | null>;
}
