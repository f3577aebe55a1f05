/**
 * Where things are. The archive sources come from `--sources`, else `TYPHOON_SOURCES`, else the first of
 * `../shared/data/archive` (this workspace's copy) and `.cache/sources` (what `sources fetch` downloads).
 */
import path from 'node:path';
import fs from 'fs-extra';

export const PROJECT_ROOT = path.resolve(import.meta.dirname, '..');
export const PUBLIC_DIR = path.join(PROJECT_ROOT, 'public');
export const CONTENT_DIR = path.join(PROJECT_ROOT, 'content');
export const CACHE_DIR = path.join(PROJECT_ROOT, '.cache');
export const NAMES_FILE = path.join(CONTENT_DIR, 'names', 'typhoon-committee.yaml');
export const FETCHED_SOURCES_DIR = path.join(CACHE_DIR, 'sources');

const DEFAULT_SOURCE_DIRS = [path.resolve(PROJECT_ROOT, '..', 'shared', 'data', 'archive'), FETCHED_SOURCES_DIR];

export function resolveSourcesDir(option?: string): string {
  const chosen = option ?? process.env.TYPHOON_SOURCES;
  if (chosen) return path.resolve(chosen);
  return DEFAULT_SOURCE_DIRS.find((dir) => fs.existsSync(path.join(dir, 'cma-bst'))) ?? (DEFAULT_SOURCE_DIRS[0] as string);
}
