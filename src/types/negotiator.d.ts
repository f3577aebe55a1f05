/**
 * What we use of negotiator 1.x (jshttp). @types/negotiator (0.6) predates 1.0's `preferred` option, the server's
 * order for encodings the client weighs alike.
 */
declare module 'negotiator' {
  export default class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> });
    encoding(available: string[], options?: { preferred?: string[] }): string | undefined;
  }
}
