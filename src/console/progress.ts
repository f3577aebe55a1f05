/**
 * Progress for long CLI work (build, dump, backfill): a single self-rewriting line on an interactive terminal,
 * nothing at all in CI or when output is piped, so logs stay short.
 */
export interface Progress {
  tick(detail?: string): void;
  done(): void;
}

export interface ProgressStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

/** Whether progress lines may be drawn at all: the CLI turns them off in CI (the configuration's CI). */
let shown = true;
export const showProgress = (enabled: boolean) => {
  shown = enabled;
};

export function createProgress(label: string, total: number, stream: ProgressStream = process.stdout): Progress {
  const interactive = shown && Boolean(stream.isTTY);
  if (!interactive || total <= 0) return { tick: () => {}, done: () => {} };
  let count = 0;
  let lastDrawn = 0;
  const draw = (detail = '') => {
    const width = 24;
    const filled = Math.round((count / total) * width);
    stream.write(`\r${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${count}/${total} ${detail}`.padEnd(80).slice(0, 100));
  };
  return {
    tick: (detail) => {
      count += 1;
      const now = Date.now();
      if (now - lastDrawn > 50 || count === total) {
        lastDrawn = now;
        draw(detail);
      }
    },
    done: () => stream.write('\n'),
  };
}
