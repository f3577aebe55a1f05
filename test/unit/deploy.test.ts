/**
 * The publish gate: a draft is published only after the contract suite passed against it. A stand-in for the
 * netlify CLI (a small script) records every call and answers as the real one does (`deploy --json`).
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'fs-extra';
import { describe, expect, it } from 'vitest';
import { deployWithCheck } from '../../build/deploy.ts';

async function fakeNetlify(): Promise<{ command: string[]; calls: () => Promise<string[][]> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-fake-netlify-'));
  const log = path.join(dir, 'calls.jsonl');
  const script = path.join(dir, 'netlify.mjs');
  await fs.writeFile(
    script,
    `
import fs from 'node:fs';
const args = process.argv.slice(2);
fs.appendFileSync(${JSON.stringify(log)}, JSON.stringify(args) + '\\n');
if (args[0] === 'deploy') {
  if (args.includes('--prod')) process.exit(3);
  console.log('Deploying...');
  console.log(JSON.stringify({ site_id: 'site', deploy_id: '0123456789abcdef01234567', deploy_url: 'https://0123456789abcdef01234567--typhoon.netlify.app' }));
}
`,
  );
  return {
    command: [process.execPath, script],
    calls: async () =>
      (await fs.readFile(log, 'utf8'))
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as string[]),
  };
}

describe('deployWithCheck', () => {
  it('publishes the draft it checked, and only after the check passed', async () => {
    const netlify = await fakeNetlify();
    const checked: string[] = [];
    const result = await deployWithCheck({
      netlify: netlify.command,
      siteId: 'site',
      dir: 'public',
      functions: 'functions',
      message: 'm',
      check: async (url) => {
        checked.push(url);
        return true;
      },
    });
    expect(result).toEqual({
      deployId: '0123456789abcdef01234567',
      draftUrl: 'https://0123456789abcdef01234567--typhoon.netlify.app',
      published: true,
    });
    expect(checked).toEqual([result.draftUrl]);
    const calls = await netlify.calls();
    expect(calls.map((c) => c[0])).toEqual(['deploy', 'api']);
    expect(calls[0]).not.toContain('--prod');
    expect(calls[1]).toEqual(['api', 'restoreSiteDeploy', '--data', JSON.stringify({ site_id: 'site', deploy_id: result.deployId })]);
  });

  it('never publishes a draft that failed the check', async () => {
    const netlify = await fakeNetlify();
    const result = await deployWithCheck({
      netlify: netlify.command,
      siteId: 'site',
      dir: 'public',
      functions: 'functions',
      message: 'm',
      check: async () => false,
    });
    expect(result.published).toBe(false);
    expect((await netlify.calls()).map((c) => c[0])).toEqual(['deploy']);
  });
});
