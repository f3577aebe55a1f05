/**
 * The docs page's third-party files, copied by the build from node_modules into public/ so the page loads nothing
 * from another site and works offline: Leaflet (the interactive map) and the Noto Sans SC web font (Chinese that
 * never shows as boxes). Both are pinned in package.json; a new version changes package-lock.json, which the
 * build's fingerprint reads, so the copies follow.
 *
 * The font is fontsource's split of Noto Sans SC (weight 400) into about a hundred woff2 files, each declared with
 * the `unicode-range` it covers: a browser fetches only the files holding characters the page shows (a handful
 * for the page's own Chinese; more when an answer shown in a card has rarer characters), so any Chinese text an
 * answer holds has its glyphs, and the page pays only for what it shows. The stylesheet is fontsource's own,
 * rewritten to point at the copies and to offer woff2 alone (every browser the page supports reads it).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { OutputFile } from './publish.ts';

/** Where the page finds them, under public/. */
export const LEAFLET_DIR = 'vendor/leaflet';
export const FONT_STYLESHEET = 'fonts/noto-sans-sc.css';
const FONT_DIR = 'fonts/noto-sans-sc';

const packageDir = (name: string) => path.dirname(createRequire(import.meta.url).resolve(`${name}/package.json`));

/** Leaflet's script and stylesheet (its images are for controls the page does not use), and its licence. */
function leafletFiles(): OutputFile[] {
  const dir = packageDir('leaflet');
  return [
    { file: `${LEAFLET_DIR}/leaflet.js`, body: fs.readFileSync(path.join(dir, 'dist/leaflet.js')) },
    { file: `${LEAFLET_DIR}/leaflet.css`, body: fs.readFileSync(path.join(dir, 'dist/leaflet.css')) },
    { file: `${LEAFLET_DIR}/LICENSE`, body: fs.readFileSync(path.join(dir, 'LICENSE')) },
  ];
}

/** One `@font-face` of fontsource's stylesheet: its comment, its rule, and the woff2 file it names. */
const FONT_FACE = /\/\* (?<name>[^*]+) \*\/\s*@font-face \{(?<body>[^}]*)\}/g;
const WOFF2_SOURCE = /src: url\(\.\/files\/(?<file>[\w-]+\.woff2)\) format\('woff2'\)[^;]*;/;

/** The font's files: the rewritten stylesheet, every woff2 file it names, and the licence (SIL OFL 1.1). */
function fontFiles(): OutputFile[] {
  const dir = packageDir('@fontsource/noto-sans-sc');
  const stylesheet = fs.readFileSync(path.join(dir, '400.css'), 'utf8');
  const faces = [...stylesheet.matchAll(FONT_FACE)].map((match) => {
    const { name, body } = match.groups as { name: string; body: string };
    const file = WOFF2_SOURCE.exec(body)?.groups?.file;
    if (!file) throw new Error(`${dir}/400.css: no woff2 file in the @font-face of ${name}`);
    const rule = body.replace(WOFF2_SOURCE, `src: url(noto-sans-sc/${file}) format('woff2');`);
    return { file, css: `/* ${name} */\n@font-face {${rule}}\n` };
  });
  if (faces.length === 0) throw new Error(`${dir}/400.css: no @font-face found`);
  const heading = '/* Noto Sans SC 400 (SIL Open Font License 1.1: noto-sans-sc/LICENSE), from @fontsource/noto-sans-sc */\n';
  return [
    { file: FONT_STYLESHEET, body: heading + faces.map((face) => face.css).join('\n') },
    ...faces.map(({ file }) => ({ file: `${FONT_DIR}/${file}`, body: fs.readFileSync(path.join(dir, 'files', file)) })),
    { file: `${FONT_DIR}/LICENSE`, body: fs.readFileSync(path.join(dir, 'LICENSE')) },
  ];
}

let read: OutputFile[] | null = null;

/** Every file, read once per process (a test run builds dozens of times). */
export const siteAssets = (): OutputFile[] => (read ??= [...leafletFiles(), ...fontFiles()]);
