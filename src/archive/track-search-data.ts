/**
 * The generated files behind the track searches (proximity, similar tracks), from the archive in its order:
 * storm i is the same storm in each, so they are always written together.
 */
import type { Typhoon, TyphoonSummary } from '../model/typhoon-schemas.ts';
import { buildArchiveTracks, loadTracks, type ArchiveTracksFile } from './archive-tracks.ts';
import { buildProximityIndex, type ProximityIndexFile } from './proximity-index.ts';
import { buildSimilarTracks, type SimilarTracksFile } from './similar-tracks.ts';
import { summarizeTyphoon } from './summaries.ts';

export interface TrackSearchData {
  summaries: TyphoonSummary[];
  tracks: ArchiveTracksFile;
  proximity: ProximityIndexFile;
  similar: SimilarTracksFile;
}

export function buildTrackSearchData(typhoons: readonly Typhoon[]): TrackSearchData {
  const tracks = buildArchiveTracks(typhoons);
  return {
    summaries: typhoons.map(summarizeTyphoon),
    tracks,
    proximity: buildProximityIndex(typhoons, loadTracks(tracks)),
    similar: buildSimilarTracks(loadTracks(tracks)),
  };
}
