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
  /** When it started and ended (milliseconds since the epoch) and in which process: the run's timeline. */
  start?: number;
  end?: number;
  pid?: number;
  /**
   * Seconds of its wall time that neither it, its threads nor its children used a core, nor its main thread waited
   * for one (timers, sleeps, waits): on an idle machine, a core that another process could have used.
   */
  slept?: number;
}

export const CPU_LOG_VARIABLE = 'TYPHOON_SUITE_CPU_LOG';

/** Linux reports times in /proc in clock ticks of 1/100 s (USER_HZ, fixed for user space). */
const TICKS_PER_SECOND = 100;

/** A sample of this process: its CPU and its reaped children's (fields 14–17 of /proc/self/stat), in seconds of one core. */
export interface CpuSample {
  self: number;
  children: number;
  /** Milliseconds since the epoch. */
  at: number;
  /** Seconds the main thread waited for a core, ready to run (/proc/thread-self/schedstat); null without /proc. */
  delayed: number | null;
}

export function cpuNow(): CpuSample {
  const { user, system } = process.cpuUsage();
  let children = 0;
  let delayed: number | null = null;
  try {
    // The fields after the command's name, which is in parentheses and may hold spaces: state is field 3.
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    children = (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND; // cutime, cstime
    // Nanoseconds on a core, then waiting in the run queue (Documentation/scheduler/sched-stats.rst).
    delayed = Number(fs.readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[1]) / 1e9;
  } catch {
    // no /proc (not Linux): children and sleep are not counted
  }
  return { self: (user + system) / 1e6, children, at: Date.now(), delayed };
}

/** Appends a record when the run is measured. */
export function appendCpu(record: CpuRecord): void {
  const file = process.env[CPU_LOG_VARIABLE];
  if (file) fs.appendFileSync(file, `${JSON.stringify(record)}\n`);
}

/** Appends what this process and its children used since `since`, and when. */
export function logCpuSince(name: string, since: CpuSample): void {
  const now = cpuNow();
  const [self, children] = [now.self - since.self, now.children - since.children];
  const delayed = now.delayed === null || since.delayed === null ? 0 : now.delayed - since.delayed;
  const slept = Math.max(0, (now.at - since.at) / 1000 - self - children - delayed);
  appendCpu({ name, self, children, start: since.at, end: now.at, pid: process.pid, slept });
}
