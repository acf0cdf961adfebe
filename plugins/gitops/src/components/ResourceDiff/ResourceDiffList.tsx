import type { EntityApplicationRef } from '@gitops-suite/plugin-gitops-common';
import { Progress, ResponseErrorPanel } from '@backstage/core-components';
import Box from '@material-ui/core/Box';
import FormControlLabel from '@material-ui/core/FormControlLabel';
import Switch from '@material-ui/core/Switch';
import Typography from '@material-ui/core/Typography';
import ToggleButton from '@material-ui/lab/ToggleButton';
import ToggleButtonGroup from '@material-ui/lab/ToggleButtonGroup';
import { useState } from 'react';
import type { ManifestFormat } from '../../lib/stableStringify';
import { useApplicationDiff } from '../../hooks/useApplicationDiff';
import { changeOf, ResourceDiffItem } from './ResourceDiffItem';

/**
 * Desired versus live state per resource (Secret data arrives redacted),
 * in YAML as Argo CD shows it, or JSON on the toggle. Shows what differs by
 * default; every managed resource on demand.
 */
export function ResourceDiffList(props: { app: EntityApplicationRef }) {
  const { value, loading, error } = useApplicationDiff(props.app);
  const [onlyChanged, setOnlyChanged] = useState(true);
  const [format, setFormat] = useState<ManifestFormat>('yaml');
  if (loading) {
    return <Progress />;
  }
  if (error) {
    return <ResponseErrorPanel error={error} />;
  }
  const all = value ?? [];
  const changed = all.filter(diff => changeOf(diff) !== 'none');
  const shown = onlyChanged ? changed : all;
  return (
    <Box>
      <Box
        display="flex"
        alignItems="center"
        justifyContent="space-between"
        mb={1}
      >
        <Typography variant="body2">
          {changed.length} of {all.length} resources differ from Git
        </Typography>
        <Box display="flex" alignItems="center" style={{ gap: 16 }}>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={format}
            aria-label="Manifest format"
            onChange={(_e, next: ManifestFormat | null) => {
              if (next) setFormat(next);
            }}
          >
            <ToggleButton value="yaml">YAML</ToggleButton>
            <ToggleButton value="json">JSON</ToggleButton>
          </ToggleButtonGroup>
          <FormControlLabel
            control={
              <Switch
                checked={onlyChanged}
                onChange={(_e, checked) => setOnlyChanged(checked)}
              />
            }
            label="Only differences"
          />
        </Box>
      </Box>
      {shown.length === 0 && (
        <Typography color="textSecondary">
          Live state matches the desired state.
        </Typography>
      )}
      {shown.map((diff, index) => (
        <ResourceDiffItem
          key={`${diff.group ?? ''}/${diff.kind}/${diff.namespace ?? ''}/${
            diff.name
          }`}
          diff={diff}
          format={format}
          defaultExpanded={onlyChanged && index === 0}
        />
      ))}
    </Box>
  );
}
