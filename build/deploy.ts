/**
 * Publishing with a check in between: deploy a draft (Netlify's CLI uploads only the files whose bytes changed),
 * run the contract suite against the draft's own URL, and only if it passes make that very deploy the
 * production one (`restoreSiteDeploy`, Netlify's API for publishing a given deploy). A failed check leaves
 * production as it was. The CLI is a pinned netlify-cli 26 installed outside the lockfile (docs/maintainers/operations.md, "Deploy").
 */
import { spawn } from 'node:child_process';

export interface DeployOptions {
  /** The netlify command and its first arguments, e.g. ['node', '/tmp/netlify-cli/.../bin/run.js']. */
  netlify: string[];
  siteId: string;
  dir: string;
  functions: string;
  message: string;
  /** The check a draft must pass before it is published; resolves to true when it passed. */
  check: (draftUrl: string) => Promise<boolean>;
  log?: (line: string) => void;
}

export interface DeployResult {
  deployId: string;
  draftUrl: string;
  published: boolean;
}

/** Runs a command; resolves with its standard output, rejects with its exit code and standard error. */
// biome-ignore lint/style/noProcessEnv: a child process inherits this process's environment unless told otherwise.
export function run(command: string[], env: NodeJS.ProcessEnv = process.env, inherit = false): Promise<string> {
  return new Promise((resolve, reject) => {
    const [bin, ...args] = command as [string, ...string[]];
    const child = spawn(bin, args, { env, stdio: ['ignore', 'pipe', inherit ? 'inherit' : 'pipe'] });
    let out = '';
    let err = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk;
      if (inherit) process.stdout.write(chunk);
    });
    child.stderr?.on('data', (chunk: Buffer) => (err += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${bin} ${args[0] ?? ''} exited with ${code}: ${err.trim().slice(-2000)}`)),
    );
  });
}

/** The JSON object in the CLI's output (it may print progress lines before it). */
function lastJson(output: string): Record<string, unknown> {
  const start = output.indexOf('{');
  if (start === -1) throw new Error(`no JSON in the CLI's output: ${output.slice(-500)}`);
  return JSON.parse(output.slice(start)) as Record<string, unknown>;
}

export async function deployWithCheck(options: DeployOptions): Promise<DeployResult> {
  const log = options.log ?? (() => {});
  const draft = lastJson(
    await run([
      ...options.netlify,
      'deploy',
      '--json',
      '--site',
      options.siteId,
      '--dir',
      options.dir,
      '--functions',
      options.functions,
      '--message',
      options.message,
    ]),
  );
  const deployId = String(draft.deploy_id ?? '');
  const draftUrl = String(draft.deploy_url ?? '');
  if (!/^[0-9a-f]{24}$/.test(deployId) || !/^https?:\/\//.test(draftUrl))
    throw new Error(`the draft deploy gave no deploy_id/deploy_url: ${JSON.stringify(draft).slice(0, 500)}`);
  log(`Draft deploy ${deployId}: ${draftUrl}`);
  if (!(await options.check(draftUrl))) {
    log(`The draft ${draftUrl} failed the contract suite: production is unchanged.`);
    return { deployId, draftUrl, published: false };
  }
  await run([...options.netlify, 'api', 'restoreSiteDeploy', '--data', JSON.stringify({ site_id: options.siteId, deploy_id: deployId })]);
  log(`Published deploy ${deployId}.`);
  return { deployId, draftUrl, published: true };
}
