/**
 * CPU accounting for `npm run bench:suite` (bench/suite-cpu.ts): when `TYPHOON_SUITE_CPU_LOG` names a file, each
 * test file (test/cpu-meter.ts) and the run's shared build and main process (test/global-setup.ts) append what they
 * used to it, one JSON line each. Without the variable nothing is read or written.
 */
import fs from 'node:fs';

export interface CpuRecord {
  /** A test file (relative to the project), or `shared build`, `main process`. */
  name: string;
  /** Seconds of one core in the process itself. */
  self: number;
  /** Seconds of one core in the processes it started and reaped (Chromium, CLI builds, tsc, npm, curl). */
  children: number;
}

export const CPU_LOG_VARIABLE = 'TYPHOON_SUITE_CPU_LOG';

/** Linux reports times in /proc in clock ticks of 1/100 s (USER_HZ, fixed for user space). */
const TICKS_PER_SECOND = 100;

/** This process's CPU and its reaped children's (fields 14–17 of /proc/self/stat), in seconds of one core. */
export function cpuNow(): { self: number; children: number } {
  const { user, system } = process.cpuUsage();
  let children = 0;
  try {
    // The fields after the command's name, which is in parentheses and may hold spaces: state is field 3.
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    children = (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND; // cutime, cstime
  } catch {
    // no /proc (not Linux): children are not counted
  }
  return { self: (user + system) / 1e6, children };
}

/** Appends a record when the run is measured. */
export function appendCpu(record: CpuRecord): void {
  const file = process.env[CPU_LOG_VARIABLE];
  if (file) fs.appendFileSync(file, `${JSON.stringify(record)}\n`);
}

/** Appends what this process and its children used since `since`. */
export function logCpuSince(name: string, since: { self: number; children: number }): void {
  const now = cpuNow();
  appendCpu({ name, self: now.self - since.self, children: now.children - since.children });
}
