import type { ResourceDiff } from '@gitops-suite/plugin-gitops-common';
import Accordion from '@material-ui/core/Accordion';
import AccordionDetails from '@material-ui/core/AccordionDetails';
import AccordionSummary from '@material-ui/core/AccordionSummary';
import Box from '@material-ui/core/Box';
import Typography from '@material-ui/core/Typography';
import { useTheme } from '@material-ui/core/styles';
import ExpandMoreIcon from '@material-ui/icons/ExpandMore';
import DiffViewer from 'react-diff-viewer-continued';
import { formatManifest, type ManifestFormat } from '../../lib/stableStringify';
import { KindIcon } from '../ResourceTree/KindIcon';
import { SyncStatusChip } from '../StatusChips';

/** What syncing would do to a resource. */
export function changeOf(
  diff: ResourceDiff,
): 'create' | 'delete' | 'update' | 'none' {
  if (diff.liveState === null && diff.targetState !== null) return 'create';
  if (diff.targetState === null && diff.liveState !== null) return 'delete';
  return diff.modified || diff.syncStatus === 'OutOfSync' ? 'update' : 'none';
}

/** One resource: live state against desired state, side by side, in YAML or JSON. */
export function ResourceDiffItem(props: {
  diff: ResourceDiff;
  defaultExpanded?: boolean;
  /** YAML (the default) or JSON. */
  format?: ManifestFormat;
}) {
  const { diff, defaultExpanded, format = 'yaml' } = props;
  const theme = useTheme();
  const change = changeOf(diff);
  return (
    <Accordion
      defaultExpanded={defaultExpanded}
      TransitionProps={{ unmountOnExit: true }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Box display="flex" alignItems="center" style={{ gap: 8 }}>
          <KindIcon kind={diff.kind} />
          <Typography variant="body2">
            {diff.kind}/{diff.namespace ? `${diff.namespace}/` : ''}
            {diff.name}
          </Typography>
          <SyncStatusChip status={diff.syncStatus} />
          {change !== 'none' && (
            <Typography variant="caption" color="textSecondary">
              {change}
            </Typography>
          )}
        </Box>
      </AccordionSummary>
      <AccordionDetails style={{ display: 'block', overflowX: 'auto' }}>
        <DiffViewer
          oldValue={formatManifest(diff.liveState, format)}
          newValue={formatManifest(diff.targetState, format)}
          leftTitle="Live"
          rightTitle="Desired"
          splitView
          showDiffOnly
          useDarkTheme={theme.palette.type === 'dark'}
        />
      </AccordionDetails>
    </Accordion>
  );
}
