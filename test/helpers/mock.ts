/**
 * The mock upstream as the tests use it: the project's own payloads plus, when given, the recorded samples
 * (TYPHOON_UPSTREAM_SAMPLES) and the real b-decks (TYPHOON_GLOBAL_DECKS) the real-data runs provide.
 */
import { startMockUpstream as start, type MockUpstream } from '../../src/demo/mock-upstream.ts';

export * from '../../src/demo/mock-upstream.ts';

export const startMockUpstream = (options: Parameters<typeof start>[0] = {}): Promise<MockUpstream> =>
  start({ recordedDir: process.env.TYPHOON_UPSTREAM_SAMPLES ?? null, decksDir: process.env.TYPHOON_GLOBAL_DECKS ?? null, ...options });
