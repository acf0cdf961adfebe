import { InputError } from '@backstage/errors';

/**
 * Rejects path tricks before any allowlist look-up: traversal, encoded or
 * double-encoded slashes and dots, backslashes, double slashes, absolute
 * and protocol-relative URLs, control characters. Returns the checked path
 * (always starting with a single `/`).
 */
export function checkProxyPath(rawPath: string): string {
  const path = rawPath.startsWith('/') ? rawPath : `/${rawPath}`;
  const problems: Array<[RegExp, string]> = [
    [/%/, 'percent-encoded characters'],
    [/\\/, 'backslashes'],
    [/\/\//, 'empty path segments (double slashes)'],
    [/(^|\/)\.\.?(\/|$)/, "'.' or '..' segments"],
    [/^\/?[a-z][a-z0-9+.-]*:/i, 'an absolute URL'],
    // eslint-disable-next-line no-control-regex
    [/[\u0000-\u001f\u007f\s]/, 'control characters or whitespace'],
    [/[?#]/, 'a query or fragment in the path'],
  ];
  for (const [pattern, what] of problems) {
    if (pattern.test(rawPath)) {
      throw new InputError(`Proxy path rejected: it contains ${what}`);
    }
  }
  return path;
}
