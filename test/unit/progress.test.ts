/** Progress shows on an interactive terminal and stays silent in CI or when piped. */
import { describe, expect, it } from 'vitest';
import { createProgress, showProgress } from '../../src/console/progress.ts';

const sink = (isTTY: boolean) => {
  const written: string[] = [];
  return { stream: { isTTY, write: (text: string) => written.push(text) }, written };
};

describe('createProgress', () => {
  it('draws a self-rewriting line on a terminal', () => {
    const { stream, written } = sink(true);
    const progress = createProgress('Writing', 2, stream);
    progress.tick();
    progress.tick();
    progress.done();
    expect(written.join('')).toContain('\rWriting [');
    expect(written.join('')).toContain('2/2');
    expect(written.at(-1)).toBe('\n');
  });

  it('writes nothing in CI or to a pipe', () => {
    for (const [isTTY, ci] of [
      [true, true],
      [false, false],
    ] as const) {
      const { stream, written } = sink(isTTY);
      showProgress(!ci);
      try {
        const progress = createProgress('Writing', 3, stream);
        progress.tick();
        progress.done();
      } finally {
        showProgress(true);
      }
      expect(written).toEqual([]);
    }
  });
});
