/**
 * Which file of the publish folder a URL path names, as on Netlify: the file at exactly that path, a folder's
 * `index.html`, one trailing slash ignored; never outside the folder, never through a `..` segment (encoded or
 * not), never the routing files. Synchronous on purpose: a `stat` on a local disk costs less than a trip
 * through libuv's thread pool.
 *
 * Both lookups run for every request, so they are cheap: the build folder is one `readlink`, and what a path
 * names is remembered for a second per build folder. A rebuild is a new folder, seen at the next request; only a
 * file changed in place inside the current build (a dump written into it) waits up to that second.
 */
import fs from 'node:fs';
import path from 'node:path';
import { withoutTrailingSlash } from './netlify-match.ts';

/** Files of the publish folder that configure Netlify and are never served. */
const NEVER_SERVED = new Set(['_redirects', '_headers']);

export interface PublicFile {
  file: string;
  stat: fs.Stats;
}

/** How long a look at the disk is trusted within one build folder. */
export const RECHECK_MS = 1000;
const MAX_REMEMBERED = 20_000;
/** Longer paths are looked up each time (none names a file): 20,000 of the 16 KiB a request may hold would be 330 MB. */
const MAX_REMEMBERED_PATH = 1024;

/**
 * The build folder `public` points at now (null when there is none): the moment a rebuild turns the link, every
 * answer and cache key follows it. The link is read once per turn of the event loop: requests parsed in the same
 * turn were sent before it began, so a request sent after a rebuild always sees the new build. `public` may also
 * be a plain folder.
 */
export function publicRoot(publicDir: string): () => string | null {
  let known: { link: string | null; root: string } | null = null;
  const read = (): string | null => {
    let link: string | null = null;
    try {
      link = fs.readlinkSync(publicDir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EINVAL') return null; // EINVAL: a plain folder
    }
    if (known?.link !== link) {
      try {
        known = { link, root: fs.realpathSync.native(publicDir) };
      } catch {
        return null;
      }
    }
    return known.root;
  };
  let root: string | null = null;
  let fresh = false;
  return () => {
    if (!fresh) {
      root = read();
      fresh = true;
      setImmediate(() => (fresh = false));
    }
    return root;
  };
}

function fileAt(root: string, decoded: string): PublicFile | null {
  const file = path.join(root, decoded);
  if (!file.startsWith(root + path.sep) || NEVER_SERVED.has(file.slice(root.length + 1))) return null;
  let stat: fs.Stats | undefined;
  try {
    stat = fs.statSync(file, { throwIfNoEntry: false });
  } catch {
    return null; // a file where a folder should be (ENOTDIR), a name too long: nothing there
  }
  if (stat?.isFile()) return { file, stat };
  return stat?.isDirectory() ? fileAt(root, path.join(decoded, 'index.html')) : null;
}

function findFile(root: string, urlPath: string): PublicFile | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.split('/').some((segment) => segment === '..' || segment.includes('\\') || segment.includes('\0'))) return null;
  return fileAt(root, withoutTrailingSlash(decoded));
}

/** `findFile`, remembered for RECHECK_MS per build folder and path. */
export function fileFinder(): (root: string, urlPath: string) => PublicFile | null {
  const remembered = new Map<string, { found: PublicFile | null; at: number }>();
  return (root, urlPath) => {
    if (urlPath.length > MAX_REMEMBERED_PATH) return findFile(root, urlPath);
    const key = `${root}\n${urlPath}`;
    const now = Date.now();
    const known = remembered.get(key);
    if (known && now - known.at < RECHECK_MS) return known.found;
    const found = findFile(root, urlPath);
    // Paths come from clients: forget them all rather than grow without bound.
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    remembered.set(key, { found, at: now });
    return found;
  };
}
