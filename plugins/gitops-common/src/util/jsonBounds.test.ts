import { JSON_BOUNDS, jsonBoundsProblem } from './jsonBounds';

function nested(depth: number): unknown {
  let value: unknown = { leaf: true };
  for (let i = 1; i < depth; i++) value = { spec: value };
  return value;
}

describe('jsonBoundsProblem', () => {
  it('accepts ordinary bodies and nesting up to the limit', () => {
    expect(
      jsonBoundsProblem({ a: [1, 'two', { three: null }] }),
    ).toBeUndefined();
    expect(jsonBoundsProblem(nested(JSON_BOUNDS.maxDepth))).toBeUndefined();
    expect(jsonBoundsProblem('text')).toBeUndefined();
  });

  it('names the depth limit for deeper nesting, even 5,000 levels deep', () => {
    expect(jsonBoundsProblem(nested(JSON_BOUNDS.maxDepth + 1))).toBe(
      'nests deeper than 64 levels, the limit',
    );
    expect(jsonBoundsProblem(nested(5000))).toMatch(/deeper than 64 levels/);
    let list: unknown = [];
    for (let i = 0; i < 5000; i++) list = [list];
    expect(jsonBoundsProblem(list)).toMatch(/deeper than 64 levels/);
  });

  it('names the size limit', () => {
    expect(jsonBoundsProblem({ blob: 'x'.repeat(JSON_BOUNDS.maxBytes) })).toBe(
      'is larger than 1048576 bytes of JSON, the limit',
    );
    expect(
      jsonBoundsProblem({ a: 'x'.repeat(100) }, { maxDepth: 4, maxBytes: 50 }),
    ).toMatch(/larger than 50 bytes/);
  });
});
