/**
 * Every binding of the handler files (src/api/handlers/*.ts), found by importing them: the build renders the
 * static ones and generates the functions from the others, and the local server runs them in-process. A table
 * entry without its binding, or with two, stops here with the route named. Functions never import this: each
 * generated function imports its own handler files only.
 */
import path from 'node:path';
import fg from 'fast-glob';
import { isBinding, type Binding, type RequestBinding, type StaticBinding } from './bind.ts';
import { RESOURCES } from './route-table.ts';

const HANDLERS_DIR = path.join(import.meta.dirname, 'handlers');

/** A binding and where it is exported from, so that a generated function can import it. */
export interface Bound<B extends Binding = Binding> {
  binding: B;
  /** The handler file, relative to the project (`src/api/handlers/history.ts`). */
  module: string;
  exportName: string;
}

export interface Bindings {
  statics: Bound<StaticBinding>[];
  requests: Bound<RequestBinding>[];
}

/** What each route needs bound: a renderer for a static route (and a misses handler when it has a miss function), else a request handler. */
function expectedKinds(route: (typeof RESOURCES)[number]): Binding['kind'][] {
  if (route.servedBy.kind === 'function') return ['function'];
  return route.missFn ? ['static', 'misses'] : ['static'];
}

export async function loadBindings(): Promise<Bindings> {
  const files = (await fg('*.ts', { cwd: HANDLERS_DIR })).sort();
  const found: Bound[] = [];
  for (const file of files) {
    const module = (await import(path.join(HANDLERS_DIR, file))) as Record<string, unknown>;
    for (const [exportName, value] of Object.entries(module)) {
      if (isBinding(value)) found.push({ binding: value, module: `src/api/handlers/${file}`, exportName });
    }
  }
  const problems: string[] = [];
  for (const route of RESOURCES) {
    for (const kind of expectedKinds(route)) {
      const bound = found.filter((b) => b.binding.route.id === route.id && b.binding.kind === kind);
      if (bound.length !== 1)
        problems.push(
          `${route.id}: ${bound.length} ${kind} bindings (${bound.map((b) => `${b.module}#${b.exportName}`).join(', ') || 'none'}); it needs one`,
        );
    }
  }
  for (const b of found)
    if (!RESOURCES.includes(b.binding.route)) problems.push(`${b.module}#${b.exportName} binds a route that is not in the route table`);
  if (problems.length) throw new Error(`Handler bindings:\n${problems.join('\n')}`);
  return {
    statics: found.filter((b): b is Bound<StaticBinding> => b.binding.kind === 'static'),
    requests: found.filter((b): b is Bound<RequestBinding> => b.binding.kind !== 'static'),
  };
}
