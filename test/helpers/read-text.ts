/** A text file by the parts of its path: the parsers' suites read the own fixtures and the real samples with it. */
import fs from 'node:fs';
import path from 'node:path';

export const read = (...parts: string[]) => fs.readFileSync(path.join(...parts), 'utf8');
