import type { SyncPolicy } from '@gitops-suite/plugin-gitops-common';
import Chip from '@material-ui/core/Chip';
import Box from '@material-ui/core/Box';

/**
 * The sync policy of an application: automated, prune, self-heal; or the
 * ApplicationSet whose RollingSync syncs it step by step (Argo CD turns the
 * generated applications' own automated sync off), else manual.
 */
export function PolicyBadges(props: {
  policy: SyncPolicy;
  /** The ApplicationSet whose RollingSync syncs the application. */
  rollingSyncBy?: string;
}) {
  const { automated, prune, selfHeal } = props.policy;
  const badges = [
    automated && 'automated',
    prune && 'prune',
    selfHeal && 'selfHeal',
  ].filter((badge): badge is string => Boolean(badge));
  if (badges.length === 0 && props.rollingSyncBy) {
    return (
      <Chip
        size="small"
        variant="outlined"
        color="primary"
        label="RollingSync"
        title={`Synced step by step by ApplicationSet ${props.rollingSyncBy}`}
      />
    );
  }
  if (badges.length === 0) {
    return <Chip size="small" variant="outlined" label="manual" />;
  }
  return (
    <Box display="flex" flexWrap="wrap" style={{ gap: 4 }}>
      {badges.map(badge => (
        <Chip
          key={badge}
          size="small"
          variant="outlined"
          color="primary"
          label={badge}
        />
      ))}
    </Box>
  );
}
