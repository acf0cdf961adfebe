import type { ActionBlocker } from '@gitops-suite/plugin-gitops-common';
import { ATTENTION_RED, StatusChip } from '../StatusChips';
import { PHASE_COLORS } from '../StatusChips/statusColors';

/** A running operation in Argo CD's Running blue; what warns in amber. */
const COLORS: Record<
  ActionBlocker['kind'],
  Record<ActionBlocker['severity'], string>
> = {
  'operation-running': { warning: PHASE_COLORS.Running, error: ATTENTION_RED },
  'hydration-failed': { warning: '#f4c030', error: ATTENTION_RED },
  'sync-window': { warning: '#f4c030', error: ATTENTION_RED },
};

/**
 * What should make someone stop before acting on an application, as chips
 * beside its sync and health (the matrix, the table, the drawer header);
 * each chip's title is the whole sentence.
 */
export function ActionBlockerChips(props: { blockers?: ActionBlocker[] }) {
  if (!props.blockers?.length) return null;
  return (
    <>
      {props.blockers.map(blocker => (
        <StatusChip
          key={blocker.kind}
          label={blocker.label}
          color={COLORS[blocker.kind][blocker.severity]}
          title={blocker.message}
          wrapLabel
        />
      ))}
    </>
  );
}
