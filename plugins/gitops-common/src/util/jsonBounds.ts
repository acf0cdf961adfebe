/**
 * The bounds every JSON body and action input of the suite is held to,
 * before anything walks it recursively (a validator, a clone, a scrubber):
 * deeper nesting than `maxDepth` or more than `maxBytes` of JSON is refused
 * with an error that names the limit, never a stack overflow.
 * @public
 */
export const JSON_BOUNDS = { maxDepth: 64, maxBytes: 1024 * 1024 } as const;

/**
 * What is wrong with a JSON value's size or nesting, or undefined when it
 * is within {@link JSON_BOUNDS}. The walk is iterative, so any depth is
 * measured without recursion; it stops at the first excess.
 * @public
 */
export function jsonBoundsProblem(
  value: unknown,
  bounds: { maxDepth: number; maxBytes: number } = JSON_BOUNDS,
): string | undefined {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  let bytes = 0;
  while (stack.length) {
    const { value: node, depth } = stack.pop()!;
    if (node !== null && typeof node === 'object') {
      if (depth + 1 > bounds.maxDepth) {
        return `nests deeper than ${bounds.maxDepth} levels, the limit`;
      }
      bytes += 2;
      const entries = Array.isArray(node)
        ? node.map(item => ['', item] as const)
        : Object.entries(node);
      for (const [key, item] of entries) {
        bytes += key.length + 4;
        stack.push({ value: item, depth: depth + 1 });
      }
    } else {
      bytes += typeof node === 'string' ? node.length + 2 : 8;
    }
    if (bytes > bounds.maxBytes) {
      return `is larger than ${bounds.maxBytes} bytes of JSON, the limit`;
    }
  }
  return undefined;
}
