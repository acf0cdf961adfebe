import { stableStringify } from './stableStringify';

describe('stableStringify', () => {
  it('sorts keys at every depth and keeps array order', () => {
    expect(stableStringify({ b: 1, a: { d: [2, 1], c: null } })).toBe(
      JSON.stringify({ a: { c: null, d: [2, 1] }, b: 1 }, null, 2),
    );
  });

  it('renders a missing resource as empty text', () => {
    expect(stableStringify(null)).toBe('');
  });
});
