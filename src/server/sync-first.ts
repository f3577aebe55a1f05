/**
 * Values that are usually at hand (cached) and sometimes still loading. A static answer from memory is written in
 * the same tick as its request: measured here, a chain of three awaits per request cost about a fifth of the
 * requests per second of a bare Node server (docs/maintainers/performance.md).
 */
export type MaybePromise<T> = T | Promise<T>;

/** `next(value)`, at once when the value is at hand, else when it arrives. */
export const whenReady = <T, U>(value: MaybePromise<T>, next: (value: T) => MaybePromise<U>): MaybePromise<U> =>
  value instanceof Promise ? value.then(next) : next(value);
