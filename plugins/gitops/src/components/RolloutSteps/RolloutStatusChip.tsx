import { StatusChip } from '../StatusChips/StatusChip';
import { HEALTH_COLORS } from '../StatusChips/statusColors';
import type { RolloutPlace } from './rolloutPlaces';

/** Argo CD's colours: a rollout status reads as the health it leads to. */
const COLORS: Record<string, string> = {
  Waiting: HEALTH_COLORS.Suspended,
  Pending: HEALTH_COLORS.Progressing,
  Progressing: HEALTH_COLORS.Progressing,
  Healthy: HEALTH_COLORS.Healthy,
};

/** An application's rollout status, with its step when it has one. */
export function RolloutStatusChip(props: {
  place: RolloutPlace;
  withStep?: boolean;
}) {
  const { place, withStep } = props;
  const step =
    withStep && place.step !== undefined
      ? `step ${place.step}/${place.steps} · `
      : '';
  return (
    <StatusChip
      label={`${step}${place.status}`}
      color={COLORS[place.status] ?? HEALTH_COLORS.Unknown}
      title={
        place.message
          ? `${place.applicationSet}: ${place.message}`
          : place.applicationSet
      }
    />
  );
}
