/**
 * `sources fetch`: downloads the CMA best-track archive from its official address, extracts the year files,
 * verifies them and installs them into `<dest>/cma-bst/` only when everything checks out.
 *
 * The official download is a RAR archive (`CMABSTdata.rar`, one `CHYYYYBST.txt` per year, published each
 * spring). It is unpacked with node-unrar-js (unrar compiled to WebAssembly: no system tool needed).
 * Verification: the archive's SHA-256 when one is given; every year file parses without a problem; the years
 * run from 1949 without a gap. A manifest with the address, time and checksums is written beside the files.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import fs from 'fs-extra';
import { createExtractorFromData } from 'node-unrar-js';
import { fetch } from 'undici';
import { parseCmaBestTrack } from './cma-best-track.ts';
import { CMA_FILE_PATTERN } from './read-sources.ts';

export const CMA_ARCHIVE_URL = 'https://tcdata.typhoon.org.cn/data/CMABSTdata/CMABSTdata.rar';
export const FIRST_CMA_YEAR = 1949;
const MANIFEST = 'FETCHED.json';

export interface FetchOptions {
  url: string;
  destDir: string;
  sha256?: string;
  timeoutMs?: number;
  log?: (line: string) => void;
}

export interface FetchReport {
  archiveSha256: string;
  years: [number, number];
  entries: number;
}

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

async function download(url: string, timeoutMs: number): Promise<Uint8Array> {
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { 'User-Agent': 'typhoon-api sources fetch' } });
  if (!response.ok) throw new Error(`GET ${url} answered HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
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

/** Every problem with a set of year files; empty when they are a complete, readable best track. */
export function verifyYearFiles(files: ReadonlyMap<string, Uint8Array>): { problems: string[]; entries: number; years: number[] } {
  const problems: string[] = [];
  let entries = 0;
  const years = [...files.keys()].map((name) => Number(CMA_FILE_PATTERN.exec(name)?.[1])).sort((a, b) => a - b);
  if (years.length === 0) problems.push('no CHYYYYBST.txt file in the archive');
  years.forEach((year, i) => {
    if (year !== FIRST_CMA_YEAR + i) problems.push(`years are not contiguous from ${FIRST_CMA_YEAR}: found ${year} at position ${i + 1}`);
  });
  for (const [name, bytes] of files) {
    const result = parseCmaBestTrack(Buffer.from(bytes).toString('latin1'), Number(CMA_FILE_PATTERN.exec(name)?.[1]));
    entries += result.entries.length;
    if (result.entries.length === 0) problems.push(`${name}: no storm entries`);
    for (const p of result.problems.slice(0, 5)) problems.push(`${name}:${p.line}: ${p.message}`);
  }
  return { problems: [...new Set(problems)], entries, years };
}

export async function fetchCmaBestTrack(options: FetchOptions): Promise<FetchReport> {
  const log = options.log ?? (() => {});
  log(`Downloading ${options.url}`);
  const archive = await download(options.url, options.timeoutMs ?? 120_000);
  const archiveSha256 = sha256(archive);
  if (options.sha256 && options.sha256.toLowerCase() !== archiveSha256) {
    throw new Error(`SHA-256 mismatch: expected ${options.sha256}, got ${archiveSha256}`);
  }
  const files = await extractYearFiles(archive);
  const { problems, entries, years } = verifyYearFiles(files);
  if (problems.length) throw new Error(`The CMA archive failed verification:\n${problems.map((p) => `  - ${p}`).join('\n')}`);

  const target = path.join(options.destDir, 'cma-bst');
  const staging = `${target}.staging`;
  await fs.remove(staging);
  await fs.mkdirp(staging);
  for (const [name, bytes] of files) await fs.writeFile(path.join(staging, name), bytes);
  const manifest = {
    url: options.url,
    fetchedAt: new Date().toISOString(),
    archiveSha256,
    files: Object.fromEntries([...files].sort().map(([name, bytes]) => [name, sha256(bytes)])),
  };
  await fs.writeJson(path.join(staging, MANIFEST), manifest, { spaces: 2 });
  await fs.remove(target);
  await fs.move(staging, target);
  const range: [number, number] = [years[0] as number, years[years.length - 1] as number];
  log(`Installed ${files.size} year files (${range[0]}–${range[1]}, ${entries} entries) into ${target}`);
  return { archiveSha256, years: range, entries };
}
