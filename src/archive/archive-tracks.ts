/**
 * The archive's tracks as one compact generated file (public/api/_data/archive-tracks.json): every fix's position
 * and time, for the functions that measure tracks without the archive in memory (proximity, similar tracks of an
 * active storm). Storm i of the file is storm i of the archive summaries file: both are written from the archive
 * in its order. Each fix starts the arc to the next fix of its storm; a storm's last fix starts an arc of no
 * length, so a one-fix storm has a track too.
 */
import { ARC_STRIDE, writeArc, writeUnitVector } from '../model/sphere.ts';

/** What a track file needs of a storm: the archive's typhoon records and the other basins' records both fit. */
export interface TrackedStorm {
  /** ISO 8601 with an offset (any): the time of the first point. */
  startTime: string;
  points: readonly { time: string; lat: number; lng: number }[];
}

export interface ArchiveTracksFile {
  /** Index of each storm's first fix in the fix arrays, and one more entry: the number of fixes. */
  first: number[];
  /** Each storm's first fix, ms since the epoch. */
  start: number[];
  lat: number[];
  lng: number[];
  /** Hours since the storm's first fix. */
  hours: number[];
}

/** The file, from the archive's storms in archive order. */
export function buildArchiveTracks(typhoons: readonly TrackedStorm[]): ArchiveTracksFile {
  const file: ArchiveTracksFile = { first: [], start: [], lat: [], lng: [], hours: [] };
  for (const t of typhoons) {
    const start = Date.parse(t.startTime);
    file.first.push(file.lat.length);
    file.start.push(start);
    for (const p of t.points) {
      file.lat.push(p.lat);
      file.lng.push(p.lng);
      file.hours.push((Date.parse(p.time) - start) / 3_600_000);
    }
  }
  file.first.push(file.lat.length);
  return file;
}

/** The file made ready for measuring: unit vectors of the fixes, each arc's end, length and plane. */
export interface Tracks {
  file: ArchiveTracksFile;
  storms: number;
  fixes: number;
  /** Storm of each fix. */
  stormOf: Int32Array;
  /** The last fix of each arc (the next fix of its storm, or itself at the storm's end). */
  arcEnd: Int32Array;
  /** Unit vectors of the fixes, 3 per fix. */
  vectors: Float64Array;
  /** Per arc: its record (sphere.ts `writeArc`), ARC_STRIDE numbers each. */
  arcs: Float64Array;
}

const loaded = new WeakMap<ArchiveTracksFile, Tracks>();

/** Derives the measuring structures once per parsed file (a function instance parses it once). */
export function loadTracks(file: ArchiveTracksFile): Tracks {
  const known = loaded.get(file);
  if (known) return known;
  const fixes = file.lat.length;
  const storms = file.first.length - 1;
  const tracks: Tracks = {
    file,
    storms,
    fixes,
    stormOf: new Int32Array(fixes),
    arcEnd: new Int32Array(fixes),
    vectors: new Float64Array(fixes * 3),
    arcs: new Float64Array(fixes * ARC_STRIDE),
  };
  for (let s = 0; s < storms; s += 1) {
    const end = file.first[s + 1] as number;
    for (let i = file.first[s] as number; i < end; i += 1) {
      tracks.stormOf[i] = s;
      tracks.arcEnd[i] = i + 1 < end ? i + 1 : i;
      writeUnitVector(file.lat[i] as number, file.lng[i] as number, tracks.vectors, i * 3);
    }
  }
  for (let i = 0; i < fixes; i += 1) writeArc(tracks.vectors, i * 3, (tracks.arcEnd[i] as number) * 3, tracks.arcs, i * ARC_STRIDE);
  loaded.set(file, tracks);
  return tracks;
}
