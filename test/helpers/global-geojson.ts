/**
 * Whether a build draws every record of the archive of every basin as GeoJSON (`/api/geojson/global/{id}`): each
 * record the build answers (`/api/v1/global/storms/{id}`, read as the CDN serves it) beside its GeoJSON file's
 * track, counted by basin. Shared by the fixtures' suite (test/unit/global-history-answers.test.ts) and the real
 * data's (test/real-data/global-history-answers.test.ts).
 */
import fs from 'node:fs';
import path from 'node:path';

export function recordsAndTracksByBasin(publicDir: string): {
  records: Record<string, number>;
  tracks: Record<string, number>;
  /** Records without a GeoJSON file, or whose file has no track of theirs. */
  undrawn: string[];
} {
  const records: Record<string, number> = {};
  const tracks: Record<string, number> = {};
  const undrawn: string[] = [];
  const add = (counts: Record<string, number>, basin: string) => (counts[basin] = (counts[basin] ?? 0) + 1);
  for (const id of fs.readdirSync(path.join(publicDir, 'api/v1/global/storms'))) {
    const { basin } = JSON.parse(fs.readFileSync(path.join(publicDir, 'api/v1/global/storms', id), 'utf8')).data;
    add(records, basin);
    const file = path.join(publicDir, 'api/geojson/global', id);
    const features = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')).features : [];
    const track = features.find(
      (f: { properties: { kind: string; code: string } }) => f.properties.kind === 'track' && f.properties.code === id,
    );
    if (track && ['LineString', 'MultiLineString', 'Point'].includes(track.geometry.type)) add(tracks, track.properties.basin);
    else undrawn.push(id);
  }
  return { records, tracks, undrawn };
}
