/**
 * The repository makes sense with nothing beside it: every relative link of the README and docs/ resolves inside
 * the repository (the file, and the heading an anchor names), and no tracked file cites a document outside it.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { headingAnchor } from '../../build/docs-tables.ts';
import { PROJECT_ROOT } from '../../src/config/paths.ts';

const MARKDOWN = ['README.md', ...fg.sync('docs/**/*.md', { cwd: PROJECT_ROOT })].sort();

const headingsOf = (file: string) =>
  new Set(
    fs
      .readFileSync(path.join(PROJECT_ROOT, file), 'utf8')
      .replace(/```[\s\S]*?```/g, '')
      .split('\n')
      .filter((line) => /^#{1,6} /.test(line))
      .map((line) => headingAnchor(line.replace(/^#+ /, ''))),
  );

describe('links', () => {
  it('of the README and docs/ resolve inside the repository, anchors included', () => {
    const broken: string[] = [];
    for (const file of MARKDOWN) {
      // Code blocks and inline code are examples, not links.
      const text = fs
        .readFileSync(path.join(PROJECT_ROOT, file), 'utf8')
        .replace(/```[\s\S]*?```/g, '')
        .replace(/`[^`\n]*`/g, '');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(target as string)) continue; // https:, mailto:
        const [relative, anchor] = (target as string).split('#') as [string, string | undefined];
        const resolved = relative ? path.normalize(path.join(path.dirname(file), relative)) : file;
        if (!fs.existsSync(path.join(PROJECT_ROOT, resolved))) broken.push(`${file}: ${target} (no such file)`);
        else if (anchor && resolved.endsWith('.md') && !headingsOf(resolved).has(anchor))
          broken.push(`${file}: ${target} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('never cite a document outside the repository', () => {
    const pattern = String.raw`DESIGN\.md|UPSTREAMS\.md|DATA\.md|\.\./shared/docs|/work/shared`;
    // git grep exits 1 when nothing matches: what it prints is what matters. CI's own script may name ../shared/data.
    const found = spawnSync('git', ['grep', '-n', '-E', pattern, '--', '.', ':!.ci', ':!test/unit/docs-links.test.ts'], {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
    });
    expect(found.stdout).toBe('');
  });
});

describe('the README', () => {
  it('is short enough to read first: at most 100 lines (issue 28), the rest in docs/', () => {
    const lines = fs.readFileSync(path.join(PROJECT_ROOT, 'README.md'), 'utf8').trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(100);
  });
});
