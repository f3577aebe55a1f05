/**
 * Credentials in a configured URL (`http://user:pass@host/`) never reach a log line, a stored status or an error
 * (src/model/credentials.ts): the upstream client's errors, a whole scheduled run against upstreams whose base URLs
 * carry a password (everything it logs and everything it stores), and the language model's rejection line.
 */
import os from 'node:os';
import path from 'node:path';
import { inspect } from 'node:util';
import fs from 'fs-extra';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UpstreamAddresses } from '../../src/config/env.ts';
import { rewrite } from '../../src/flash/llm.ts';
import { writeFlash } from '../../src/flash/writer.ts';
import { runScheduledRefresh } from '../../src/jobs/scheduled-run.ts';
import { withoutCredentials } from '../../src/model/credentials.ts';
import { fileStore } from '../../src/store/store.ts';
import { createUpstreamClient, UpstreamError } from '../../src/upstream/client.ts';
import { manualClock } from '../helpers/clock.ts';
import { startMockUpstream, type MockUpstream } from '../helpers/mock.ts';

const SECRET = 's3cret-Pa55';
const withSecret = (url: string) => url.replace('http://', `http://typhoon:${SECRET}@`);

let mock: MockUpstream;
let root = '';
beforeAll(async () => {
  mock = await startMockUpstream();
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-credentials-'));
});
afterAll(async () => {
  await mock.close();
  await fs.remove(root);
});

/** Everything logged while `work` runs. */
async function logged(work: () => Promise<unknown>): Promise<string> {
  const lines: string[] = [];
  const spies = (['log', 'info', 'warn', 'error'] as const).map((level) =>
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void lines.push(args.map((a) => inspect(a)).join(' '))),
  );
  try {
    await work();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return lines.join('\n');
}

describe('withoutCredentials', () => {
  it.each([
    ['http://user:pass@host/x', 'http://***@host/x'],
    ['https://token@api.example/v1', 'https://***@api.example/v1'],
    ['GET http://a:b@h:8080/p?q=1 failed; see https://c:d@i/', 'GET http://***@h:8080/p?q=1 failed; see https://***@i/'],
    ['http://host/x?mail=a@b', 'http://host/x?mail=a@b'],
    ['no url here, a@b', 'no url here, a@b'],
  ])('%s', (text, shown) => {
    expect(withoutCredentials(text)).toBe(shown);
  });
});

describe('a base URL with credentials', () => {
  it("never shows them in the upstream client's errors, their message, their fields or their logged form", async () => {
    const client = createUpstreamClient({ retries: 0 });
    const error = await client.text(withSecret(`${mock.zjBase}/TyhoonActivity`)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(`${(error as Error).message} ${inspect(error)}`).not.toContain(SECRET);
    expect((error as UpstreamError).url).toContain('***@');
  });

  it('never shows them in what a scheduled run logs or stores', async () => {
    const dir = path.join(root, 'live');
    const upstreams = Object.fromEntries(
      Object.entries(mock.addresses).map(([k, v]) => [k, withSecret(v)]),
    ) as unknown as UpstreamAddresses;
    let result: unknown;
    const log = await logged(async () => {
      result = await runScheduledRefresh({ store: fileStore(dir), upstreams, llm: null, clock: manualClock() });
    });
    // Every upstream failed (fetch refuses a URL with credentials), and says so without them.
    expect(JSON.stringify(result)).toContain('***@');
    expect(`${log}\n${JSON.stringify(result)}`).not.toContain(SECRET);
    const files = await fs.readdir(dir, { recursive: true });
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const full = path.join(dir, String(file));
      if ((await fs.stat(full)).isFile()) expect(await fs.readFile(full, 'utf8'), String(file)).not.toContain(SECRET);
    }
  });

  it("never shows them in the language model's rejection line", async () => {
    const { content } = writeFlash({
      key: 'k',
      type: 'dissipated',
      code: '202699',
      time: '2026-09-12T14:00:00+08:00',
      storm: { name: '演示台风', enname: 'DEMO' },
      point: null,
    });
    let text = '';
    const log = await logged(async () => {
      text = (await rewrite(content, 'zh', { baseUrl: withSecret(`${mock.zjBase}/llm`), apiKey: 'k', model: 'm' })).text;
    });
    expect(log).toMatch(/language model: zh text rejected \(unavailable/);
    expect(log).not.toContain(SECRET);
    expect(text).not.toContain(SECRET);
  });
});
