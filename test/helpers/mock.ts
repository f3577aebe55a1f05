/**
 * The mock upstream as the tests use it: the project's own payloads plus, when given, the recorded samples
 * (TYPHOON_UPSTREAM_SAMPLES) and the real b-decks (TYPHOON_GLOBAL_DECKS) the real-data runs provide.
 */
import { startMockUpstream as start, type MockUpstream } from '../../src/demo/mock-upstream.ts';

export * from '../../src/demo/mock-upstream.ts';

export const startMockUpstream = (options: Parameters<typeof start>[0] = {}): Promise<MockUpstream> =>
  start({ recordedDir: process.env.TYPHOON_UPSTREAM_SAMPLES ?? null, decksDir: process.env.TYPHOON_GLOBAL_DECKS ?? null, ...options });

/**
 * A fetch for the clients that ask `mock()`: a request the mock holds open (its service has the `timeout` fault) is
 * given up after `ms`, as a timeout; any other keeps its client's own timeout, so no answer races a short timer
 * however busy the machine is, and a hanging upstream is still a real socket that never answers.
 */
export const fetchGivingUpOnHanging =
  (mock: () => MockUpstream, ms = 20): typeof fetch =>
  (input, init) => {
    if (!mock().hangs(String(input instanceof Request ? input.url : input))) return fetch(input, init);
    const signals = [init?.signal, AbortSignal.timeout(ms)].filter((signal): signal is AbortSignal => !!signal);
    return fetch(input, { ...init, signal: AbortSignal.any(signals) });
  };
