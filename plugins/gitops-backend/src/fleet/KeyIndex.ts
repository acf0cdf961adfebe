const EMPTY: ReadonlySet<string> = new Set();

/** A secondary index: each term names the set of application keys it holds. */
export class KeyIndex {
  private readonly sets = new Map<string, Set<string>>();

  add(term: string, key: string): void {
    let set = this.sets.get(term);
    if (!set) {
      set = new Set();
      this.sets.set(term, set);
    }
    set.add(key);
  }

  remove(term: string, key: string): void {
    const set = this.sets.get(term);
    if (!set) return;
    set.delete(key);
    if (set.size === 0) this.sets.delete(term);
  }

  get(term: string): ReadonlySet<string> {
    return this.sets.get(term) ?? EMPTY;
  }

  /** How many keys a term holds (a counter kept by the index). */
  count(term: string): number {
    return this.sets.get(term)?.size ?? 0;
  }

  terms(): IterableIterator<string> {
    return this.sets.keys();
  }

  /** The keys of any of the terms. */
  union(terms: Iterable<string>): Set<string> {
    const result = new Set<string>();
    for (const term of terms) {
      for (const key of this.get(term)) result.add(key);
    }
    return result;
  }
}

/** The keys in every set, walking the smallest. */
export function intersect(sets: ReadonlySet<string>[]): Set<string> {
  if (!sets.length) return new Set();
  const [smallest, ...others] = [...sets].sort((a, b) => a.size - b.size);
  const result = new Set<string>();
  for (const key of smallest) {
    if (others.every(set => set.has(key))) result.add(key);
  }
  return result;
}
