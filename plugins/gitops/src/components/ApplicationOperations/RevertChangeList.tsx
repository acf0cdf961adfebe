import type { RevertResponse } from '@gitops-suite/plugin-gitops-common';
import Box from '@material-ui/core/Box';
import Typography from '@material-ui/core/Typography';

/** One change of a revert, as a line: `file: what from → to`. */
export function revertChangeText(change: RevertResponse['changes'][number]) {
  const fromTo =
    change.from || change.to
      ? ` ${change.from ?? 'none'} → ${change.to ?? 'none'}`
      : '';
  return `${change.file}: ${change.what}${fromTo}`;
}

/**
 * The changes of a revert pull request, one line each: what its dry run
 * would change, or what the opened pull request changes.
 */
export function RevertChangeList(props: {
  changes: RevertResponse['changes'];
}) {
  return (
    <Box component="ul" pl={2} my={1}>
      {props.changes.map(change => (
        <Typography
          component="li"
          variant="body2"
          key={`${change.file} ${change.what}`}
        >
          {revertChangeText(change)}
        </Typography>
      ))}
    </Box>
  );
}
