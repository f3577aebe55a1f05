/**
 * The scheduled run's connection pool (undici): at most a few connections to each upstream host, kept alive
 * between the many small requests of a run (a storm's details, decks, products), so a run with several active
 * storms never opens a burst of sockets against a provincial service. Only the scheduled run and the command
 * line use it; request-path functions use Node's own fetch and stay small.
 *
 * Importing the undici package installs its Agent as the process's global dispatcher when there is none (undici 7's
 * lib/global.js), so Node's own fetch then goes through it too: a module that must not change how its process
 * fetches (the function writer run by test:netlify) must not import this one (src/jobs/schedule.ts exists for that).
 */
import { Agent, fetch as undiciFetch } from 'undici';

const CONNECTIONS_PER_HOST = 4;

const agent = new Agent({ connections: CONNECTIONS_PER_HOST, keepAliveTimeout: 10_000 });

export const pooledFetch = ((url: string, init?: RequestInit) =>
  undiciFetch(url, { ...(init as object), dispatcher: agent })) as unknown as typeof globalThis.fetch;
