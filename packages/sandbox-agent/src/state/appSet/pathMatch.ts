/*
 * The two matchers Argo CD's git generator uses.
 *
 * - `directories` entries: Go's path.Match (applicationset/generators/git.go
 *   filterApps): `*` and `?` never cross `/`, `[...]` classes, `\` escapes;
 *   `**` is just two stars.
 * - `files` entries: the repo server's `git ls-files -- <pattern>` (the
 *   default, `applicationsetcontroller.enable.new.git.file.globbing` off): a
 *   git pathspec, matched with wildmatch without WM_PATHNAME, so `*` and `?`
 *   do cross `/`; a pattern without wildcards matches the path itself or
 *   everything under it.
 */

function classMatches(cls: string, ch: string): boolean {
  let negate = false;
  let body = cls;
  if (body.startsWith('^') || body.startsWith('!')) {
    negate = true;
    body = body.slice(1);
  }
  let matched = false;
  for (let i = 0; i < body.length; i++) {
    let lo = body[i];
    if (lo === '\\') lo = body[++i];
    let hi = lo;
    if (body[i + 1] === '-' && i + 2 < body.length) {
      hi = body[i + 2] === '\\' ? body[i + 3] : body[i + 2];
      i += body[i + 2] === '\\' ? 3 : 2;
    }
    if (ch >= lo && ch <= hi) matched = true;
  }
  return matched !== negate;
}

function classEnd(pattern: string, start: number): number {
  let i = start + 1;
  if (pattern[i] === '^' || pattern[i] === '!') i++;
  if (pattern[i] === ']') i++;
  while (i < pattern.length && pattern[i] !== ']') i += pattern[i] === '\\' ? 2 : 1;
  return i < pattern.length ? i : -1;
}

function globMatch(pattern: string, name: string, starCrossesSlash: boolean): boolean {
  const match = (p0: number, n0: number): boolean => {
    let p = p0;
    let n = n0;
    while (p < pattern.length) {
      const ch = pattern[p];
      if (ch === '*') {
        while (pattern[p] === '*') p++;
        for (let k = n; k <= name.length; k++) {
          if (match(p, k)) return true;
          if (k < name.length && name[k] === '/' && !starCrossesSlash) return false;
        }
        return false;
      }
      if (n >= name.length) return false;
      if (ch === '?') {
        if (name[n] === '/' && !starCrossesSlash) return false;
        p++;
        n++;
        continue;
      }
      if (ch === '[') {
        const end = classEnd(pattern, p);
        if (end < 0) throw new Error('syntax error in pattern');
        if (!starCrossesSlash && name[n] === '/') return false;
        if (!classMatches(pattern.slice(p + 1, end), name[n])) return false;
        p = end + 1;
        n++;
        continue;
      }
      const literal = ch === '\\' ? pattern[++p] : ch;
      if (name[n] !== literal) return false;
      p++;
      n++;
    }
    return n === name.length;
  };
  return match(0, 0);
}

/** Go's path.Match; a malformed pattern matches nothing (Argo CD logs and skips it). */
export function goPathMatch(pattern: string, name: string): boolean {
  try {
    return globMatch(pattern, name, false);
  } catch {
    return false;
  }
}

/** `git ls-files -- <pattern>` membership of a file path. */
export function gitPathspecMatch(pattern: string, path: string): boolean {
  const spec = pattern.replace(/^\.\//, '');
  if (!/[*?[]/.test(spec)) {
    const dir = spec.replace(/\/+$/, '');
    return path === dir || path.startsWith(`${dir}/`);
  }
  try {
    return globMatch(spec, path, true);
  } catch {
    return false;
  }
}
