/**
 * The log lines the code under test writes (`console.error`, `console.warn`), kept by the file instead of printed:
 * a deliberate fault's log is its test's to assert, and a green run prints none of them. A test that fails prints
 * what was logged while it ran, control characters escaped (a damaged document's bytes are in its message).
 *
 * Call it once at the top of a file (or a describe): it registers its own hooks, and puts the console back after.
 */
import { format } from 'node:util';
import { afterAll, beforeAll, beforeEach, onTestFailed, type MockInstance, vi } from 'vitest';

export interface CapturedLogs {
  /** Every line logged since the current test began. */
  lines(): string[];
  /** Every line logged in the file so far, hooks included. */
  all(): string[];
}

const escaped = (line: string) =>
  line.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

export function captureLogs(): CapturedLogs {
  const logged: string[] = [];
  let testStart = 0;
  const spies: MockInstance[] = [];
  beforeAll(() => {
    for (const level of ['error', 'warn'] as const)
      spies.push(vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(format(...args))));
  });
  beforeEach(() => {
    testStart = logged.length;
    onTestFailed(() => {
      const lines = logged.slice(testStart);
      if (lines.length) process.stderr.write(`What the failed test logged:\n${lines.map(escaped).join('\n')}\n`);
    });
  });
  afterAll(() => {
    for (const spy of spies.splice(0)) spy.mockRestore();
  });
  return { lines: () => logged.slice(testStart), all: () => [...logged] };
}
