/**
 * `sources fetch`: downloads the CMA best-track archive from its official address, extracts the year files,
 * verifies them and installs them into `<dest>/cma-bst/` only when everything checks out.
 *
 * The official download is a RAR archive (`CMABSTdata.rar`, one `CHYYYYBST.txt` per year, published each
 * spring). It is unpacked with node-unrar-js (unrar compiled to WebAssembly: no system tool needed).
 * Verification: the archive's SHA-256 when one is given; every year file parses without a problem; the years
 * run from 1949 without a gap. A manifest with the address, time and checksums is written beside the files.
 *
 * The download is conditional: the manifest keeps the server's ETag / Last-Modified, and while the installed
 * files still match their checksums (and parse) the request carries If-None-Match / If-Modified-Since. A 304,
 * or an archive with the installed SHA-256, installs nothing and reports `unchanged: true`.
 */
import { withoutCredentials } from '../model/credentials.ts';
import path from 'node:path';
import fs from 'fs-extra';
import { createExtractorFromData } from 'node-unrar-js';
import { NAMES_FILE } from '../config/paths.ts';
import type { NameList } from '../model/upstream-text.ts';
import { parseCmaBestTrack } from './cma-best-track.ts';
import { download, sha256 } from './download.ts';
import { parseNamesTable } from './names-table.ts';
import { CMA_FILE_PATTERN } from './read-sources.ts';

export const CMA_ARCHIVE_URL = 'https://tcdata.typhoon.org.cn/data/CMABSTdata/CMABSTdata.rar';
export const FIRST_CMA_YEAR = 1949;
const MANIFEST = 'FETCHED.json';

const namesTable = async () => parseNamesTable(await fs.readFile(NAMES_FILE, 'utf8'));

export interface FetchOptions {
  url: string;
  destDir: string;
  sha256?: string;
  timeoutMs?: number;
  /** Download unconditionally and reinstall even when the archive is unchanged. */
  force?: boolean;
  log?: (line: string) => void;
}

export interface FetchReport {
  archiveSha256: string;
  years: [number, number];
  entries: number;
  /** Nothing installed: the server answered 304, or sent the archive already installed. */
  unchanged: boolean;
}

interface Manifest {
  url: string;
  fetchedAt: string;
  archiveSha256: string;
  etag: string | null;
  lastModified: string | null;
  files: Record<string, string>;
}

/**
 * The installed files with their manifest, when every file the manifest names is there, matches its checksum
 * and still verifies (a parser change can reject old files); otherwise null and the next download is unconditional.
 */
async function readInstalled(target: string): Promise<{ manifest: Manifest; years: number[]; entries: number } | null> {
  try {
    const manifest = (await fs.readJson(path.join(target, MANIFEST))) as Manifest;
    const files = new Map<string, Uint8Array>();
    for (const [name, digest] of Object.entries(manifest.files ?? {})) {
      const bytes = await fs.readFile(path.join(target, name));
      if (sha256(bytes) !== digest) return null;
      files.set(name, bytes);
    }
    const { problems, years, entries } = verifyYearFiles(files, await namesTable());
    return problems.length ? null : { manifest, years, entries };
  } catch {
    return null;
  }
}

const RAR_MAGIC = [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07];

/** The `CHYYYYBST.txt` files of a RAR archive, by base name (the archive may hold them in a folder). */
export async function extractYearFiles(archive: Uint8Array): Promise<Map<string, Uint8Array>> {
  if (!RAR_MAGIC.every((byte, i) => archive[i] === byte)) {
    throw new Error('the download is not a RAR archive (an HTML error page, or the format changed)');
  }
  const data = archive.buffer.slice(archive.byteOffset, archive.byteOffset + archive.byteLength) as ArrayBuffer;
  const extractor = await createExtractorFromData({ data });
  const files = new Map<string, Uint8Array>();
  for (const file of extractor.extract().files) {
    const base = path.basename(file.fileHeader.name.replace(/\\/g, '/'));
    if (CMA_FILE_PATTERN.test(base) && file.extraction) files.set(base, file.extraction);
  }
  return files;
}

/**
 * Every problem with a set of year files; empty when they are a complete, readable best track. (Names that fail
 * the upstream-text check are not problems of the files: the build leaves them out and reports them.)
 */
export function verifyYearFiles(
  files: ReadonlyMap<string, Uint8Array>,
  names: NameList,
): { problems: string[]; entries: number; years: number[] } {
  const problems: string[] = [];
  let entries = 0;
  const years = [...files.keys()].map((name) => Number(CMA_FILE_PATTERN.exec(name)?.[1])).sort((a, b) => a - b);
  if (years.length === 0) problems.push('no CHYYYYBST.txt file in the archive');
  years.forEach((year, i) => {
    if (year !== FIRST_CMA_YEAR + i) problems.push(`years are not contiguous from ${FIRST_CMA_YEAR}: found ${year} at position ${i + 1}`);
  });
  for (const [name, bytes] of files) {
    const result = parseCmaBestTrack(Buffer.from(bytes).toString('latin1'), Number(CMA_FILE_PATTERN.exec(name)?.[1]), names);
    entries += result.entries.length;
    if (result.entries.length === 0) problems.push(`${name}: no storm entries`);
    for (const p of result.problems.slice(0, 5)) problems.push(`${name}:${p.line}: ${p.message}`);
  }
  return { problems: [...new Set(problems)], entries, years };
}

const rangeOf = (years: number[]): [number, number] => [years[0] as number, years[years.length - 1] as number];

export async function fetchCmaBestTrack(options: FetchOptions): Promise<FetchReport> {
  const log = options.log ?? (() => {});
  const target = path.join(options.destDir, 'cma-bst');
  const expected = options.sha256?.toLowerCase();
  // Conditional only for the same address and a sound installation that is what the caller expects.
  const installed = options.force ? null : await readInstalled(target);
  const current =
    installed && installed.manifest.url === options.url && (!expected || expected === installed.manifest.archiveSha256) ? installed : null;
  const conditions: Record<string, string> = {};
  if (current?.manifest.etag) conditions['If-None-Match'] = current.manifest.etag;
  if (current?.manifest.lastModified) conditions['If-Modified-Since'] = current.manifest.lastModified;
  const unchanged = (c: NonNullable<typeof current>): FetchReport => {
    log(`CMA best track unchanged (${rangeOf(c.years).join('–')}, ${c.entries} entries) in ${target}`);
    return { archiveSha256: c.manifest.archiveSha256, years: rangeOf(c.years), entries: c.entries, unchanged: true };
  };

  log(`${current ? 'Checking' : 'Downloading'} ${withoutCredentials(options.url)}`);
  const answer = await download(options.url, options.timeoutMs ?? 120_000, current ? conditions : {});
  if (answer.status === 304) {
    if (!current) throw new Error(`GET ${withoutCredentials(options.url)} answered 304 to an unconditional request`);
    return unchanged(current);
  }
  const { bytes: archive, etag, lastModified } = answer;
  const archiveSha256 = sha256(archive);
  if (expected && expected !== archiveSha256) {
    throw new Error(`SHA-256 mismatch: expected ${options.sha256}, got ${archiveSha256}`);
  }
  if (current && current.manifest.archiveSha256 === archiveSha256) {
    // Same bytes (a server without validators, or new ones): keep the files, remember the validators.
    if (current.manifest.etag !== etag || current.manifest.lastModified !== lastModified) {
      const file = path.join(target, MANIFEST);
      await fs.writeJson(`${file}.tmp`, { ...current.manifest, etag, lastModified }, { spaces: 2 });
      await fs.rename(`${file}.tmp`, file);
    }
    return unchanged(current);
  }
  const files = await extractYearFiles(archive);
  const { problems, entries, years } = verifyYearFiles(files, await namesTable());
  if (problems.length) throw new Error(`The CMA archive failed verification:\n${problems.map((p) => `  - ${p}`).join('\n')}`);

  const staging = `${target}.staging`;
  await fs.remove(staging);
  await fs.mkdirp(staging);
  for (const [name, bytes] of files) await fs.writeFile(path.join(staging, name), bytes);
  const manifest: Manifest = {
    url: options.url,
    fetchedAt: new Date().toISOString(),
    archiveSha256,
    etag,
    lastModified,
    files: Object.fromEntries([...files].sort().map(([name, bytes]) => [name, sha256(bytes)])),
  };
  await fs.writeJson(path.join(staging, MANIFEST), manifest, { spaces: 2 });
  await fs.remove(target);
  await fs.move(staging, target);
  const range = rangeOf(years);
  log(`Installed ${files.size} year files (${range[0]}–${range[1]}, ${entries} entries) into ${target}`);
  return { archiveSha256, years: range, entries, unchanged: false };
}
