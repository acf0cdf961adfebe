import {
  ATTENTION_RED,
  HEALTH_COLORS,
  PHASE_COLORS,
  SYNC_COLORS,
  contrastRatio,
  textColorOn,
} from './statusColors';

describe('status colours', () => {
  it('computes WCAG contrast', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 0);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
  });

  it('puts text on every status fill at 4.5:1 or more (WCAG AA)', () => {
    const fills = [
      ...Object.values(SYNC_COLORS),
      ...Object.values(HEALTH_COLORS),
      ...Object.values(PHASE_COLORS),
      ATTENTION_RED,
    ];
    for (const fill of fills) {
      expect(contrastRatio(fill, textColorOn(fill))).toBeGreaterThanOrEqual(
        4.5,
      );
    }
  });
});
