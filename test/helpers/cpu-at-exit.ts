/**
 * Preloaded (`--import`) into the run's shared build when `npm run bench:suite` measures the run
 * (test/global-setup.ts): at its exit the process appends its own CPU and its children's, under the name in
 * `TYPHOON_SUITE_CPU_NAME`, with when it ran (helpers/cpu-log.ts).
 */
import { appendCpu, cpuNow } from './cpu-log.ts';

const start = Date.now() - process.uptime() * 1000;
process.on('exit', () => {
  const { self, children, at } = cpuNow();
  appendCpu({
    name: process.env.TYPHOON_SUITE_CPU_NAME ?? process.argv.slice(1).join(' '),
    self,
    children,
    start,
    end: at,
    pid: process.pid,
  });
});
