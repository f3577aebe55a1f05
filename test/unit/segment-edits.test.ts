/** How far a segment someone wrote is from an endpoint's fixed segment, for the hints of errors. */
import { describe, expect, it } from 'vitest';
import { MAX_TYPOS, segmentEdits } from '../../src/api/segment-edits.ts';

describe('segmentEdits', () => {
  it.each([
    ['history', 'history', 0],
    ['history', 'History', 0],
    ['history', 'histroy', 2],
    ['history', 'histories', 1],
    ['typhoons', 'typhoon', 1],
    ['typhoons', 'TYPHOON', 1],
    ['agencies', 'agency', 1],
    ['flash', 'flashes', 1],
    ['disturbances', 'disturbance', 1],
    ['news', 'new', 1],
    ['typhoons', 'typhoons.json', 1],
    ['near', 'nearby', 2],
  ] as const)('%s written as %s: %i', (fixed, written, edits) => {
    expect(segmentEdits(fixed, written)).toBe(edits);
  });

  it(`is null beyond ${MAX_TYPOS} edits: the segment names nothing`, () => {
    for (const [fixed, written] of [
      ['history', 'histry-x'],
      ['typhoons', 'storms'],
      ['flash.xml', 'flash.rss'],
      ['global', 'flash'],
      ['search', 'near'],
    ])
      expect(segmentEdits(fixed as string, written as string), written).toBeNull();
  });
});
