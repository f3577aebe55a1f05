/**
 * The local server against nginx on the same static files: `npm run bench:static` (`-- --public <dir>` for
 * another build). Builds nothing: it serves the current public/ (the build the link points at). Starts the
 * local server and an nginx from PATH (a generated minimal config in a temporary folder) on loopback ports, and
 * runs the same wrk load against each in turn (2 threads, 50 connections, 10 s, after a 2 s warm-up; the same
 * URLs in turn: a year list, a typhoon detail, the years list), first without Accept-Encoding, then with
 * `Accept-Encoding: gzip` (nginx compresses with its gzip module). Prints requests/s and p99 latency of each,
 * and the ratio. Prints figures, asserts nothing.
 */
import { execFile, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PUBLIC_DIR } from '../src/config/paths.ts';
import { startLocalServer, type LocalServer } from '../src/server/local-server.ts';
import { readConfig } from '../src/config/env.ts';

const URLS = ['/api/v1/history/2024', '/api/v1/typhoons/202411', '/api/v1/history/years'];
const LOAD = { threads: 2, connections: 50, seconds: 10, warmUpSeconds: 2 };
const SCENARIOS = [
  { name: 'identity', headers: [] as string[] },
  { name: 'gzip', headers: ['Accept-Encoding: gzip'] },
];

interface Figures {
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
}

const onPath = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;

function fail(lines: string[]): never {
  for (const line of lines) console.error(line);
  process.exit(1);
}

const option = (name: string) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
};
const publicDir = path.resolve(option('--public') ?? PUBLIC_DIR);
// One worker by default, as the local server is one process (Node runs JavaScript on one thread).
const nginxWorkers = option('--nginx-workers') ?? '1';
let root: string;
try {
  root = fs.realpathSync(publicDir);
} catch {
  fail([
    `No ${publicDir}: this benchmark builds nothing. Build first: \`npm run build\` (or \`TYPHOON_SOURCES=<archive> npm run build\` for the real archive).`,
  ]);
}
const missingUrls = URLS.filter((url) => !fs.existsSync(path.join(root, url)));
if (missingUrls.length) fail([`${root} lacks ${missingUrls.join(', ')}: build the archive first (\`npm run build\`).`]);
const missingTools = ['nginx', 'wrk'].filter((tool) => !onPath(tool));
if (missingTools.length) fail([`${missingTools.join(' and ')} not found on PATH. On Debian or Ubuntu: apt-get install -y nginx wrk`]);

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'typhoon-bench-static-'));

function nginxConfig(port: number): string {
  const temp = (name: string) => path.join(scratch, name);
  return `worker_processes ${nginxWorkers};
daemon off;
pid ${temp('nginx.pid')};
error_log ${temp('error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${temp('client-body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  types { }
  default_type application/json;
  gzip on;
  gzip_types *;
  gzip_min_length 1024;
  gzip_vary on;
  server {
    listen 127.0.0.1:${port};
    root ${root};
  }
}
`;
}

async function waitUntilServing(base: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const ok = await fetch(base + URLS[0]).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${base} did not start serving`);
}

// wrk runs the Lua script in each thread: every request takes the next URL; `done` prints the figures as JSON.
const script = path.join(scratch, 'urls.lua');
fs.writeFileSync(
  script,
  `local paths = {${URLS.map((url) => `"${url}"`).join(', ')}}
local i = 0
request = function()
  i = i % #paths + 1
  return wrk.format("GET", paths[i])
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('{"requests":%d,"duration":%d,"p99":%d,"errors":%d}\\n', summary.requests, summary.duration,
    latency:percentile(99), e.connect + e.read + e.write + e.timeout + e.status))
end
`,
);

async function wrk(base: string, seconds: number, headers: string[]): Promise<Figures> {
  const args = [`-t${LOAD.threads}`, `-c${LOAD.connections}`, `-d${seconds}s`, '-s', script, ...headers.flatMap((h) => ['-H', h]), base];
  const { stdout } = await promisify(execFile)('wrk', args);
  const line = stdout.split('\n').find((l) => l.startsWith('{'));
  if (!line) throw new Error(`wrk printed no figures:\n${stdout}`);
  const raw = JSON.parse(line) as { requests: number; duration: number; p99: number; errors: number };
  return { requestsPerSecond: raw.requests / (raw.duration / 1e6), p99Ms: raw.p99 / 1000, errors: raw.errors };
}

async function run(local: LocalServer, nginxBase: string): Promise<void> {
  const targets = [
    { name: 'local server', base: local.url },
    { name: 'nginx', base: nginxBase },
  ];
  await waitUntilServing(nginxBase);
  // The same bytes from both, or the comparison means nothing.
  for (const url of URLS) {
    const [ours, theirs] = await Promise.all(targets.map(async (t) => Buffer.from(await (await fetch(t.base + url)).arrayBuffer())));
    if (!ours?.equals(theirs as Buffer)) throw new Error(`${url}: the two servers answer different bodies`);
  }
  const nginxVersion = spawnSync('nginx', ['-v'], { encoding: 'utf8' })
    .stderr.trim()
    .replace(/^nginx version: /, '');
  console.log(`public/:  ${root}`);
  console.log(`URLs:     ${URLS.join(', ')}`);
  console.log(
    `load:     wrk, ${LOAD.threads} threads, ${LOAD.connections} connections, ${LOAD.seconds} s per run after a ${LOAD.warmUpSeconds} s warm-up; ${os.cpus().length} cores; ${nginxVersion} (worker_processes ${nginxWorkers}), Node ${process.version}`,
  );
  // Everything shares the cores: other work on the machine moves both figures, and not always alike.
  console.log(
    `machine:  load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')} before the runs`,
  );
  console.log('');
  console.log(`${'scenario'.padEnd(10)}${'server'.padEnd(14)}${'requests/s'.padStart(12)}${'p99'.padStart(11)}${'errors'.padStart(8)}`);
  for (const scenario of SCENARIOS) {
    const figures: Figures[] = [];
    for (const target of targets) {
      await wrk(target.base, LOAD.warmUpSeconds, scenario.headers);
      const result = await wrk(target.base, LOAD.seconds, scenario.headers);
      figures.push(result);
      console.log(
        `${scenario.name.padEnd(10)}${target.name.padEnd(14)}${result.requestsPerSecond.toFixed(0).padStart(12)}${`${result.p99Ms.toFixed(2)} ms`.padStart(11)}${String(result.errors).padStart(8)}`,
      );
    }
    const ratio = figures[0]!.requestsPerSecond / figures[1]!.requestsPerSecond;
    console.log(`${scenario.name.padEnd(10)}${'local/nginx'.padEnd(14)}${ratio.toFixed(2).padStart(12)}   (goal: 0.33 or more)`);
  }
}

const nginxPort = await freePort();
fs.writeFileSync(path.join(scratch, 'nginx.conf'), nginxConfig(nginxPort));
// nginx logs to error.log in the scratch folder; its output stays off our pipes, so a crash here cannot hang a reader.
const nginx = spawn('nginx', ['-c', path.join(scratch, 'nginx.conf'), '-p', scratch], { stdio: 'ignore' });
const nginxExited = new Promise((resolve) => nginx.once('exit', resolve));
const stopNginx = () => {
  if (nginx.exitCode === null && nginx.signalCode === null) nginx.kill('SIGQUIT');
};
process.on('exit', stopNginx);
let local: LocalServer | null = null;
try {
  local = await startLocalServer({ publicDir, config: readConfig(), port: 0 });
  await run(local, `http://127.0.0.1:${nginxPort}`);
} catch (error) {
  console.error(error);
  const log = path.join(scratch, 'error.log');
  if (fs.existsSync(log)) console.error(`nginx's error.log:\n${fs.readFileSync(log, 'utf8')}`);
  process.exitCode = 1;
} finally {
  await local?.close();
  stopNginx();
  await nginxExited;
  fs.rmSync(scratch, { recursive: true, force: true });
}
