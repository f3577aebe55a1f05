/** Loads the Netlify functions in functions/ so the local server can run them in-process. */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Config } from '@netlify/functions';
import { PROJECT_ROOT } from '../config/paths.ts';
import { FUNCTION_NAMES, type FunctionName } from '../api/route-table.ts';

export type Handler = (req: Request, context?: unknown) => Promise<Response> | Response;

export interface LoadedFunction {
  name: FunctionName;
  handler: Handler;
  config: Config | undefined;
}

export async function loadFunctions(dir = path.join(PROJECT_ROOT, 'functions')): Promise<LoadedFunction[]> {
  return Promise.all(
    FUNCTION_NAMES.map(async (name) => {
      const module = (await import(pathToFileURL(path.join(dir, `${name}.ts`)).href)) as { default: Handler; config?: Config };
      return { name, handler: module.default, config: module.config };
    }),
  );
}

const asList = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

export const configPaths = (config: Config | undefined): string[] => asList(config?.path as string | string[] | undefined);
export const configMethods = (config: Config | undefined): string[] => asList(config?.method as string | string[] | undefined);
