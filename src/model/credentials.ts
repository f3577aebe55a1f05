/**
 * URLs as they may be logged or told: a base URL given in the configuration may carry a user name and password
 * (`http://user:pass@host/`), and neither may reach a log line, a stored status or an answer. Every message that
 * can hold a URL passes through `withoutCredentials` where it is made (docs/maintainers/operations.md, "Logs").
 */

/** A scheme, `//`, and the userinfo before an `@` (no `/`, `?`, `#`, `@` or space inside it). */
const USERINFO = /\b([a-z][a-z\d+.-]*:\/\/)[^\s/?#@]*@/gi;

/** The text with the userinfo of every URL in it written `***`: `http://user:pass@host/x` → `http://***@host/x`. */
export const withoutCredentials = (text: string): string => text.replace(USERINFO, '$1***@');
