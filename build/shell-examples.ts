/**
 * A shell example run as it is written: bash runs the block with the real `curl` and `jq` (their flags and
 * pipelines are the example's), in an empty folder, with the example addresses rewritten to the servers'. `curl`
 * is wrapped only to record what each request answered (`-D`, its status line and headers, to a file): a plain
 * `curl URL` prints the body alone, and the answer block beside it shows the status too.
 */
import { execFile } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import fs from 'fs-extra';

const run = promisify(execFile);

/** One HTTP answer a curl of the block received: the status and headers of its last response. */
export interface CurlAnswer {
  status: number;
  headers: Headers;
}

export interface ShellRun {
  /** What the block printed (stdout). */
  stdout: string;
  /** The answers of its curls, in order. */
  answers: CurlAnswer[];
  /** Its failure (exit code and stderr), or null. */
  error: string | null;
}

/** Bash options and the curl wrapper; the folder of the dumps is given as its first line. */
const PRELUDE = `set -eo pipefail
curl() {
  local n; n=$(( $(cat "$EXAMPLE_DUMPS/count") + 1 )); echo "$n" > "$EXAMPLE_DUMPS/count"
  command curl -D "$EXAMPLE_DUMPS/$n" "$@"
}
`;

/** The status and headers of the last response in a `curl -D` dump (a dump holds one block per response). */
function readDump(text: string): CurlAnswer | null {
  const responses = text.split(/\r?\n\r?\n/).filter((part) => /^HTTP\//.test(part));
  const last = responses.at(-1);
  if (!last) return null;
  const [statusLine, ...lines] = last.split(/\r?\n/);
  const headers = new Headers();
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return { status: Number(/^HTTP\/\S+ (\d{3})/.exec(statusLine ?? '')?.[1]), headers };
}

/** Runs a shell block (its addresses already rewritten) with bash in an empty folder of its own. */
export async function runShell(script: string): Promise<ShellRun> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-shell-example-'));
  const dumps = path.join(dir, '.dumps');
  await fs.mkdir(dumps);
  await fs.writeFile(path.join(dumps, 'count'), '0');
  try {
    let stdout = '';
    let error: string | null = null;
    try {
      ({ stdout } = await run('bash', ['-c', `EXAMPLE_DUMPS='${dumps}'\n${PRELUDE}${script}`], {
        cwd: dir,
        timeout: 60_000,
        maxBuffer: 64 * 1024 * 1024,
      }));
    } catch (failure) {
      const { stdout: out, stderr, code } = failure as { stdout?: string; stderr?: string; code?: number };
      stdout = out ?? '';
      error = `exit ${code}: ${stderr?.trim() ?? ''}`;
    }
    const count = Number(await fs.readFile(path.join(dumps, 'count'), 'utf8'));
    const answers: CurlAnswer[] = [];
    for (let n = 1; n <= count; n++) {
      const answer = readDump(await fs.readFile(path.join(dumps, String(n)), 'utf8').catch(() => ''));
      if (answer) answers.push(answer);
    }
    return { stdout, answers, error };
  } finally {
    await fs.remove(dir);
  }
}
