/**
 * The hosted-CI workflow: valid for GitHub Actions (action-validator, the schema linter, from npm), and in the
 * order that keeps production safe: tests and the production build before the deploy, which is a draft checked
 * by the contract suite before it is published (build/deploy.ts, tested in deploy.test.ts).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = path.resolve(import.meta.dirname, '..', '..');
const file = '.github/workflows/deploy.yml';
const validator = path.join(root, 'node_modules', '@action-validator', 'cli', 'cli.mjs');

interface Step {
  name?: string;
  run?: string;
  uses?: string;
  if?: string;
  'continue-on-error'?: boolean;
}

const workflow = parse(fs.readFileSync(path.join(root, file), 'utf8')) as {
  on: { schedule: { cron: string }[] };
  jobs: Record<string, { env: Record<string, string>; steps: Step[] }>;
};
const job = Object.values(workflow.jobs)[0] as { env: Record<string, string>; steps: Step[] };
const runs = job.steps.map((s) => s.run ?? '');
const indexOf = (pattern: RegExp) => runs.findIndex((run) => pattern.test(run));

describe(file, () => {
  it('is valid for GitHub Actions', () => {
    expect(() => execFileSync(process.execPath, [validator, file], { cwd: root, encoding: 'utf8', stdio: 'pipe' })).not.toThrow();
  });

  it('tests, builds for production and dumps before the checked deploy, which comes last', () => {
    const test = indexOf(/npm test/);
    const build = indexOf(/npm run build -- --production/);
    const dump = indexOf(/npm run dump/);
    const deploy = indexOf(/npm run cli -- deploy/);
    expect([test, build, dump, deploy].every((i) => i >= 0)).toBe(true);
    expect(test).toBeLessThan(build);
    expect(build).toBeLessThan(dump);
    expect(dump).toBeLessThan(deploy);
    expect(deploy).toBe(job.steps.length - 1);
    expect(job.steps.some((s) => s['continue-on-error'])).toBe(false);
  });

  it('never deploys straight to production and never rebuilds with --force', () => {
    expect(runs.join('\n')).not.toMatch(/--prod\b|netlify-cli@17|npx[^\n]*netlify|--force/);
  });

  it('uses a pinned netlify-cli 26, installed outside the lockfile without install scripts', () => {
    expect(job.env.NETLIFY_CLI).toMatch(/^netlify-cli@26\.\d+\.\d+$/);
    expect(runs.join('\n')).toMatch(/npm install --prefix "\$RUNNER_TEMP\/netlify" --ignore-scripts [^\n]*"\$NETLIFY_CLI"/);
  });

  it('keeps the sources in a cache and deploys on the timer only when the inputs changed or a day has passed', () => {
    expect(job.steps.some((s) => s.uses?.startsWith('actions/cache@'))).toBe(true);
    expect(indexOf(/sources fetch/)).toBeLessThan(indexOf(/cli -- fingerprint/));
    expect(runs[indexOf(/cli -- fingerprint/)]).toMatch(/86400/);
    for (const step of job.steps.slice(indexOf(/cli -- fingerprint/) + 1))
      expect(step.if, step.name).toBe("steps.decide.outputs.deploy == 'true'");
    expect(workflow.on.schedule[0]?.cron).toMatch(/^\d+ \* \* \* \*$/);
  });
});
