import { Progress, ResponseErrorPanel } from '@backstage/core-components';
import type {
  ResourceDiff,
  ResourceRef,
} from '@gitops-suite/plugin-gitops-common';
import Checkbox from '@material-ui/core/Checkbox';
import List from '@material-ui/core/List';
import ListItem from '@material-ui/core/ListItem';
import ListItemIcon from '@material-ui/core/ListItemIcon';
import ListItemText from '@material-ui/core/ListItemText';
import Typography from '@material-ui/core/Typography';
import { resourceId } from '../ResourceTree/buildTree';
import { changeOf } from '../ResourceDiff';

/** The resources a sync would change, each selectable. */
export function SyncChanges(props: {
  diffs?: ResourceDiff[];
  loading: boolean;
  error?: Error;
  prune: boolean;
  selected: Set<string>;
  onToggle: (ref: ResourceRef) => void;
}) {
  const { diffs, loading, error, prune, selected, onToggle } = props;
  if (loading) {
    return <Progress />;
  }
  if (error) {
    return (
      <ResponseErrorPanel
        error={error}
        title="Could not compute what will change"
      />
    );
  }
  const changes = (diffs ?? []).filter(diff => changeOf(diff) !== 'none');
  if (changes.length === 0) {
    return (
      <Typography variant="body2" color="textSecondary">
        Nothing is out of sync: a sync re-applies the desired state.
      </Typography>
    );
  }
  return (
    <List dense aria-label="Resources to sync">
      {changes.map(diff => {
        const id = resourceId(diff);
        const change = changeOf(diff);
        const skipped = change === 'delete' && !prune;
        return (
          <ListItem key={id} button onClick={() => onToggle(diff)}>
            <ListItemIcon>
              <Checkbox
                edge="start"
                checked={selected.has(id)}
                tabIndex={-1}
                inputProps={{ 'aria-label': `${diff.kind}/${diff.name}` }}
              />
            </ListItemIcon>
            <ListItemText
              primary={`${diff.kind}/${
                diff.namespace ? `${diff.namespace}/` : ''
              }${diff.name}`}
              secondary={
                skipped ? 'delete (skipped unless prune is on)' : change
              }
            />
          </ListItem>
        );
      })}
    </List>
  );
}
