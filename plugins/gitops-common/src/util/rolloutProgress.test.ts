import { canaryRolloutSummary } from '../testUtils';
import {
  isMidRollout,
  rolloutProgress,
  rolloutProgressLabel,
} from './rolloutProgress';

describe('rolloutProgress', () => {
  it('places a paused canary at its step, from 1, with its weight', () => {
    const progress = rolloutProgress(canaryRolloutSummary());
    expect(progress).toEqual({
      step: 2,
      steps: 4,
      stepKind: 'pause',
      weight: 20,
      state: 'paused',
    });
    expect(rolloutProgressLabel(progress!)).toBe('Canary step 2/4 · 20%');
  });

  it('is progressing between steps, and aborted with its traffic on the stable', () => {
    expect(
      rolloutProgress(
        canaryRolloutSummary({
          paused: false,
          currentStepIndex: 2,
          actualWeight: 20,
        }),
      ),
    ).toMatchObject({ step: 3, stepKind: 'setWeight', state: 'progressing' });
    const aborted = rolloutProgress(
      canaryRolloutSummary({
        aborted: true,
        paused: false,
        currentStepIndex: 0,
        actualWeight: 0,
      }),
    );
    expect(aborted).toMatchObject({ step: 1, state: 'aborted', weight: 0 });
    expect(rolloutProgressLabel(aborted!)).toBe('Canary aborted · 0%');
  });

  it('is not mid-rollout once every step is done, nor for a blue-green or no Rollout', () => {
    expect(
      isMidRollout(
        canaryRolloutSummary({
          currentStepIndex: 4,
          paused: false,
          actualWeight: 100,
        }),
      ),
    ).toBe(false);
    expect(
      isMidRollout(
        canaryRolloutSummary({
          strategy: 'blueGreen',
          steps: [],
          stepCount: 0,
        }),
      ),
    ).toBe(false);
    expect(isMidRollout(undefined)).toBe(false);
    expect(isMidRollout(canaryRolloutSummary())).toBe(true);
  });
});
