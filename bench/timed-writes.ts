/**
 * Imported first by bench:global: times every synchronous file write of the process. The build writes each of its
 * files with fs.writeFileSync (build/publish.ts), so the bench can say how much of the build its writes took, at the
 * moment it made them: on the shared machine the same 540 MB of files took from 1.7 s to 20 s to write within the
 * same hour. node:fs is patched before fs-extra (graceful-fs) copies its functions, which is why this comes first.
 */
import fs from 'node:fs';

export const timedWrites = { ms: 0, files: 0 };

const writeFileSync = fs.writeFileSync;
fs.writeFileSync = ((...args: Parameters<typeof fs.writeFileSync>) => {
  const started = performance.now();
  try {
    writeFileSync(...args);
  } finally {
    timedWrites.ms += performance.now() - started;
    timedWrites.files += 1;
  }
}) as typeof fs.writeFileSync;
