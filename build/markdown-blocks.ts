/** The fenced code blocks of a markdown text, and the marker that says a block is not run as an example. */

export interface Block {
  lang: string;
  /** Line indexes (0-based) of its content, `[start, end)`; the fences are the lines before and after. */
  start: number;
  end: number;
}

export function fencedBlocks(lines: readonly string[]): Block[] {
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)\s*$/.exec(lines[i] as string);
    if (!open) continue;
    let end = i + 1;
    while (end < lines.length && !/^```\s*$/.test(lines[end] as string)) end++;
    blocks.push({ lang: open[1] as string, start: i + 1, end });
    i = end;
  }
  return blocks;
}

/** The content of a block, one string a line. */
export const blockLines = (lines: readonly string[], block: Block) => lines.slice(block.start, block.end);

/** Whether only blank lines stand between a block and the next one. */
export const followsDirectly = (lines: readonly string[], block: Block, next: Block | undefined): next is Block =>
  next !== undefined && lines.slice(block.end + 1, next.start - 1).every((line) => line.trim() === '');

const NOT_RUN = /^<!-- example: not run \((.+)\) -->$/;

/** The reason given by `<!-- example: not run (reason) -->` on the last non-blank line before a block, else null. */
export function notRunReason(lines: readonly string[], block: Block): string | null {
  for (let i = block.start - 2; i >= 0; i--) {
    const line = (lines[i] as string).trim();
    if (line === '') continue;
    return NOT_RUN.exec(line)?.[1] ?? null;
  }
  return null;
}
