import type { OperationPhase } from '@gitops-suite/plugin-gitops-common';
import { PHASE_COLORS } from './statusColors';
import { StatusChip } from './StatusChip';

/** The phase of an application's operation. */
export function OperationPhaseChip(props: {
  phase: OperationPhase;
  message?: string;
}) {
  return (
    <StatusChip
      label={props.phase}
      color={PHASE_COLORS[props.phase] ?? PHASE_COLORS.Terminating}
      title={props.message ?? props.phase}
    />
  );
}
