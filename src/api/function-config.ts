/**
 * The in-source `config` of a Netlify function, as zip-it-and-ship-it 14 reads it (a literal object; `satisfies`
 * or `as` after it make the bundler read it as empty). Two fields the published `Config` type lacks:
 * - `method` may name HEAD: Netlify's router does not let HEAD match a GET-only function (DESIGN.md §4);
 * - `includedFiles`: the generated files the function reads, as globs relative to functions/ (the bundler
 *   resolves them from the function's folder; they replace netlify.toml's `included_files` for it).
 */
import type { Config } from '@netlify/functions';

export type FunctionConfig = Omit<Config, 'method'> & {
  method?: ('GET' | 'HEAD' | 'OPTIONS')[] | 'OPTIONS';
  includedFiles?: string[];
};
