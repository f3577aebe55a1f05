/**
 * Loaded with `--import` into a build process by the atomic-build test: the process kills itself (SIGKILL, as an
 * outside kill would) at an exact point of its publish, so every kill lands where the test means it to, however
 * busy the machine is. A kill timed from outside lands wherever the scheduler puts it: on CI's 2 busy cores 3 of
 * 4 such kills came after the publish had finished.
 *
 * `TYPHOON_DIE_AFTER_WRITES=n`: right after the n-th file written into a build folder (`.<public>-builds/…`).
 * `TYPHOON_DIE_AT=flip`: just before the rename that turns `public` to the new build.
 *
 * It patches `node:fs` before fs-extra (graceful-fs) copies its functions, which is why it must be imported first.
 */
import fs from 'node:fs';

const BUILD_FOLDER = /-builds[\\/]/;
const afterWrites = Number(process.env.TYPHOON_DIE_AFTER_WRITES ?? Number.NaN);
const atFlip = process.env.TYPHOON_DIE_AT === 'flip';

const die = (): never => {
  process.kill(process.pid, 'SIGKILL');
  throw new Error('unreachable: SIGKILL was sent');
};

if (Number.isInteger(afterWrites)) {
  // The build writes its files synchronously, one at a time (build/publish.ts).
  const writeFileSync = fs.writeFileSync;
  let written = 0;
  fs.writeFileSync = ((file: fs.PathOrFileDescriptor, ...rest: unknown[]) => {
    (writeFileSync as (...args: unknown[]) => void)(file, ...rest);
    if (typeof file === 'string' && BUILD_FOLDER.test(file) && ++written >= afterWrites) die();
  }) as typeof fs.writeFileSync;
}

if (atFlip) {
  const rename = fs.rename;
  fs.rename = ((from: fs.PathLike, to: fs.PathLike, callback: fs.NoParamCallback) => {
    if (String(from).includes('.link-')) die();
    rename(from, to, callback);
  }) as typeof fs.rename;
}
