import type {
  RolloutStep,
  RolloutSummary,
} from '@gitops-suite/plugin-gitops-common';

/** A step in words: `set weight 20%`, `pause until promoted`, `pause 10m`. */
export function stepText(step: RolloutStep): string {
  switch (step.kind) {
    case 'setWeight':
      return `set weight ${step.weight ?? 0}%`;
    case 'pause':
      return step.duration ? `pause ${step.duration}` : 'pause until promoted';
    default:
      return step.kind;
  }
}

/** The analysis in words: its phase, its measurements, its newest value. */
export function analysisText(
  analysis: NonNullable<RolloutSummary['analysis']>,
): string {
  const counts = [
    analysis.successful !== undefined && `${analysis.successful} successful`,
    analysis.failed !== undefined && `${analysis.failed} failed`,
    analysis.lastValue && `last ${analysis.lastValue}`,
  ].filter(Boolean);
  return `${analysis.phase}${counts.length ? ` (${counts.join(', ')})` : ''}`;
}
