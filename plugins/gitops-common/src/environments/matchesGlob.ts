/**
 * Whether a value matches a glob where `*` stands for any run of characters
 * (including none, `/` and `.`); every other character stands for itself.
 * @internal
 */
export function matchesGlob(pattern: string, value: string): boolean {
  let p = 0;
  let v = 0;
  let starAt = -1;
  let resumeAt = 0;
  while (v < value.length) {
    if (p < pattern.length && pattern[p] === '*') {
      starAt = p++;
      resumeAt = v;
    } else if (p < pattern.length && pattern[p] === value[v]) {
      p++;
      v++;
    } else if (starAt >= 0) {
      p = starAt + 1;
      v = ++resumeAt;
    } else {
      return false;
    }
  }
  while (p < pattern.length && pattern[p] === '*') {
    p++;
  }
  return p === pattern.length;
}
