/**
 * Markdown files with YAML frontmatter, parsed with the `yaml` library so that every problem can name its
 * line: YAML syntax errors carry positions, and each zod issue is traced back to the node it is about.
 */
import { isMap, LineCounter, parseDocument } from 'yaml';
import type { z } from 'zod';

export interface ContentProblem {
  file: string;
  line: number;
  message: string;
}

export type Parsed<T> = { ok: true; data: T; body: string } | { ok: false; problems: ContentProblem[] };

const FENCE = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/** Parses `---\n<yaml>\n---\n<markdown>`; the frontmatter is validated by `schema`. */
export function parseFrontmatter<S extends z.ZodType>(text: string, file: string, schema: S): Parsed<z.infer<S>> {
  const source = text.replace(/^\uFEFF/, '');
  const fence = FENCE.exec(source);
  if (!fence) return { ok: false, problems: [{ file, line: 1, message: 'expected YAML frontmatter between --- lines at the top' }] };
  const lineCounter = new LineCounter();
  const doc = parseDocument(fence[1] as string, { lineCounter, prettyErrors: false });
  // The YAML starts on line 2 of the file.
  const lineAt = (offset: number) => lineCounter.linePos(offset).line + 1;
  const yamlProblems = [...doc.errors, ...doc.warnings].map((e) => ({ file, line: lineAt(e.pos[0]), message: e.message }));
  if (yamlProblems.length) return { ok: false, problems: yamlProblems };
  if (!isMap(doc.contents)) return { ok: false, problems: [{ file, line: 2, message: 'frontmatter must be a mapping of keys to values' }] };

  const result = schema.safeParse(doc.toJS());
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      // Point at the deepest node that exists on the issue's path (a missing key points at its parent).
      let line = 2;
      for (let depth = issue.path.length; depth >= 0; depth -= 1) {
        const node = doc.getIn(issue.path.slice(0, depth) as (string | number)[], true) as { range?: [number, number, number] } | undefined;
        if (node?.range) {
          line = lineAt(node.range[0]);
          break;
        }
      }
      const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
      return { file, line, message: `${where}${issue.message}` };
    });
    return { ok: false, problems };
  }
  return { ok: true, data: result.data, body: source.slice(fence[0].length).trim() + '\n' };
}
