/**
 * A clock for the code that takes one (`clock: () => number`, ms since the epoch: the upstream client, the language
 * model's config, the scheduled run): it stands still until the test advances it, so a deadline is reached when the
 * test says, never because the machine was busy.
 */
export interface ManualClock {
  (): number;
  advance(ms: number): void;
}

export function manualClock(start = Date.parse('2026-09-10T00:00:00Z')): ManualClock {
  let now = start;
  return Object.assign(() => now, {
    advance: (ms: number) => {
      now += ms;
    },
  });
}

/**
 * A wait between an upstream's retries that takes no time and leaves the clock where it is: for a whole scheduled run
 * whose checks are not about those waits. Its parts retry side by side, so a clock moved on by each wait would count
 * their sum, where the run's real time passes once for all of them.
 */
export const noWait = async (_ms: number): Promise<void> => {};
