/** The hosted-CI workflow files pass action-validator (the GitHub Actions schema linter, installed from npm). */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const workflows = fg.sync('.github/workflows/*.{yml,yaml}', { cwd: root });
const validator = path.join(root, 'node_modules', '@action-validator', 'cli', 'cli.mjs');

describe('GitHub Actions workflows', () => {
  it('exist', () => expect(workflows.length).toBeGreaterThan(0));

  it.each(workflows)('%s is valid', (file) => {
    expect(() => execFileSync(process.execPath, [validator, file], { cwd: root, encoding: 'utf8', stdio: 'pipe' })).not.toThrow();
  });

  it('never deploys after a failed test or build (deploy is the last step, no continue-on-error)', async () => {
    const { parse } = await import('yaml');
    const fs = await import('node:fs');
    for (const file of workflows) {
      const doc = parse(fs.readFileSync(path.join(root, file), 'utf8'));
      for (const job of Object.values(doc.jobs) as { steps: { name?: string; run?: string; 'continue-on-error'?: boolean }[] }[]) {
        const names = job.steps.map((s) => s.name ?? '');
        const deploy = names.findIndex((n) => /deploy/i.test(n));
        if (deploy === -1) continue;
        expect(deploy).toBe(job.steps.length - 1);
        expect(names.findIndex((n) => /^Test/.test(n))).toBeLessThan(deploy);
        expect(job.steps.some((s) => s['continue-on-error'])).toBe(false);
      }
    }
  });
});
