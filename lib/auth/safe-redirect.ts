/**
 * Where a user may be sent after sign-in: only a path of this site. Anything else (another origin,
 * a scheme, a value a browser would read as another host) falls back to a fixed page.
 *
 * Browsers strip tabs and newlines from URLs and read `\` as `/`, so `/\t/evil.test` and `/\evil.test`
 * both become `//evil.test`, another host; a newline in a `Location` header makes Node.js refuse the
 * response (a 500). Dot segments can also climb into a protocol-relative path: `/..//evil.test`
 * resolves to the pathname `//evil.test`. So the raw value, its percent-decoded path and the resolved
 * pathname must each be a plain local path, and resolving it must keep the origin.
 */

const DUMMY_ORIGIN = 'http://x.invalid';
// C0 controls, DEL and backslashes: none belongs in a path we redirect to.
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\\]/;

/** One leading slash (not `//`, a protocol-relative URL) and no control character or backslash. */
function isPlainLocalPath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !UNSAFE_CHARACTERS.test(value);
}

/** The path part percent-decoded, or null when it is not valid percent-encoding. */
function decodedPath(value: string): string | null {
  try {
    return decodeURIComponent(value.split(/[?#]/, 1)[0]);
  } catch {
    return null;
  }
}

/**
 * `candidate` as a path of this site (pathname, search and hash, normalised), or `fallback`.
 * Percent-encoded slashes or controls at the start of the path are refused too: no dashboard path
 * has them, and a proxy that decodes paths would see `//evil.test`.
 */
export function safeRedirectPath(candidate: unknown, fallback = '/orders'): string {
  if (typeof candidate !== 'string' || !isPlainLocalPath(candidate)) return fallback;
  const decoded = decodedPath(candidate);
  if (decoded === null || !isPlainLocalPath(decoded)) return fallback;
  let resolved: URL;
  try {
    resolved = new URL(candidate, DUMMY_ORIGIN);
  } catch {
    return fallback;
  }
  if (resolved.origin !== DUMMY_ORIGIN || !isPlainLocalPath(resolved.pathname)) return fallback;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}
