import { Progress, ResponseErrorPanel } from '@backstage/core-components';
import Box from '@material-ui/core/Box';
import FormControlLabel from '@material-ui/core/FormControlLabel';
import Switch from '@material-ui/core/Switch';
import Typography from '@material-ui/core/Typography';
import { useState } from 'react';
import type { ApplicationRef } from '../../api';
import { useApplicationDiff } from '../../hooks/useApplicationDiff';
import { changeOf, ResourceDiffItem } from './ResourceDiffItem';

/**
 * Desired versus live state per resource (Secret data arrives redacted).
 * Shows what differs by default; every managed resource on demand.
 */
export function ResourceDiffList(props: { app: ApplicationRef }) {
  const { value, loading, error } = useApplicationDiff(props.app);
  const [onlyChanged, setOnlyChanged] = useState(true);
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
          defaultExpanded={onlyChanged && index === 0}
        />
      ))}
    </Box>
  );
}
