/**
 * The files of a worker share its process (vitest.config.ts: `isolate: false`), so whatever a file does to
 * process.env (live folders, mock upstream addresses, TYPHOON_PUBLIC_DIR) is undone when it ends, as if it had
 * had a process of its own.
 */
import { afterAll } from 'vitest';

const env = process.env;
const before = { ...env };

afterAll(() => {
  process.env = env; // some files put a copy in its place
  for (const key of Object.keys(env)) if (!(key in before)) delete env[key];
  Object.assign(env, before);
});
