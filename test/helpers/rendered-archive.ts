/**
 * A site rendered from a sources folder, read back: every storm's detail record, and any file as JSON. When the
 * run's shared build (test/global-setup.ts) was made from the same sources, it is read from disk instead of
 * rendered again: the whole-archive suites then cost one build per run, not one each.
 */
import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { renderSite } from '../../build/build-site.ts';
import { decodeDataFile, parseDataFile, type DataFile } from '../../src/api/data-files.ts';
import type { Typhoon } from '../../src/model/typhoon-schemas.ts';
import { sharedPublicDir } from './shared-build.ts';
import { agenciesFor } from './sources.ts';

export interface RenderedArchive {
  /** The detail records (`/api/v1/typhoons/{code}`) by code. */
  details: Map<string, Typhoon>;
  /** A rendered file (its path under public/), parsed. */
  json<T>(file: string): T;
  /** A data file the build wrote, as its handle types it. */
  data<T>(file: DataFile<T>): T;
}

const DETAILS = 'api/v1/typhoons/';

function fromBodies(bodies: Map<string, string | Buffer>): RenderedArchive {
  const details = new Map<string, Typhoon>();
  for (const [file, body] of bodies) {
    if (!file.startsWith(DETAILS)) continue;
    // v1 adds `dataset` (which archive) to the record.
    const { dataset: _dataset, ...typhoon } = JSON.parse(body as string).data as Typhoon & { dataset: unknown };
    details.set(typhoon.code, typhoon);
  }
  const bytes = (file: string) => {
    const body = bodies.get(file);
    if (body === undefined) throw new Error(`the build rendered no ${file}`);
    return typeof body === 'string' ? Buffer.from(body) : body;
  };
  const json = <T>(file: string): T => parseDataFile(file, bytes(file)) as T;
  return { details, json, data: (file) => decodeDataFile(file, bytes(file.path)) };
}

/** The shared build's files (details and the data files), read lazily but for the details. */
function fromSharedBuild(publicDir: string): RenderedArchive {
  const bodies = new Map<string, string>();
  for (const name of fs.readdirSync(path.join(publicDir, DETAILS))) {
    bodies.set(DETAILS + name, fs.readFileSync(path.join(publicDir, DETAILS, name), 'utf8'));
  }
  const archive = fromBodies(bodies);
  const bytes = (file: string) => {
    const full = path.join(publicDir, file);
    if (!fs.existsSync(full)) throw new Error(`the build rendered no ${file}`);
    return fs.readFileSync(full);
  };
  const json = <T>(file: string): T => parseDataFile(file, bytes(file)) as T;
  return { details: archive.details, json, data: (file) => decodeDataFile(file, bytes(file.path)) };
}

/** The public/ folder of the run's shared build when it was built from these sources (once published), else null. */
export async function sharedBuildOf(sourcesDir: string): Promise<string | null> {
  return inject('sharedSourcesDir') === path.resolve(sourcesDir) ? sharedPublicDir() : null;
}

/** The shared build read back, once per process: a worker runs file after file, and the build does not change. */
const sharedArchives = new Map<string, RenderedArchive>();

export async function renderArchive(sourcesDir: string): Promise<RenderedArchive> {
  const shared = await sharedBuildOf(sourcesDir);
  if (shared) {
    if (!sharedArchives.has(shared)) sharedArchives.set(shared, fromSharedBuild(shared));
    return sharedArchives.get(shared) as RenderedArchive;
  }
  const { files } = await renderSite({ sourcesDir, agenciesDir: agenciesFor(sourcesDir) });
  return fromBodies(new Map(files.map((f) => [f.file, f.body])));
}
