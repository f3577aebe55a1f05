/**
 * How functions read files the build generated. On Netlify these are bundled with the function through
 * `included_files` and sit under the function's working directory; locally the server points
 * `TYPHOON_PUBLIC_DIR` at its public/ folder. Parsed files are kept for the life of the instance.
 */
import path from 'node:path';
import fs from 'fs-extra';

const cache = new Map<string, Promise<unknown>>();

export const publicDir = () => process.env.TYPHOON_PUBLIC_DIR ?? path.resolve(process.cwd(), 'public');

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
