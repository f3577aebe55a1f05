import fs from 'node:fs';
import path from 'node:path';
import { resolveSourcesDir } from '../../src/config.ts';

export const FIXTURE_SOURCES = path.resolve(import.meta.dirname, '..', 'fixtures', 'sources');

/**
 * The real archive (CI sets TYPHOON_SOURCES to ../shared/data/archive). Tests over the whole archive run only
 * when it holds the full CMA set; elsewhere they are reported as skipped.
 */
const candidate = resolveSourcesDir();
export const REAL_SOURCES: string | null =
  fs.existsSync(path.join(candidate, 'cma-bst', 'CH1949BST.txt')) && fs.existsSync(path.join(candidate, 'zj')) ? candidate : null;
