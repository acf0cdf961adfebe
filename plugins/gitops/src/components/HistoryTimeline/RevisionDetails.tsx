import type { EntityApplicationRef } from '@gitops-suite/plugin-gitops-common';
import Box from '@material-ui/core/Box';
import Typography from '@material-ui/core/Typography';
import { useRevisionMetadata } from '../../hooks/useRevisionMetadata';
import { formatTimestamp } from '../../lib/timeSince';
import { SignatureBadge } from './SignatureBadge';
import { WrapRow } from '../WrapRow';

/** The commit behind a revision: author, message, date and signature. */
export function RevisionDetails(props: {
  app: EntityApplicationRef;
  revision?: string;
}) {
  const { value, loading, error } = useRevisionMetadata(
    props.app,
    props.revision,
  );
  if (loading) {
    return (
      <Typography variant="caption" color="textSecondary">
        Loading commit…
      </Typography>
    );
  }
  if (error || !value) {
    return (
      <Typography variant="caption" color="textSecondary">
        Commit details unavailable
      </Typography>
    );
  }
  return (
    <Box>
      <Typography variant="body2">
        {value.message?.split('\n')[0] ?? 'No commit message'}
      </Typography>
      <WrapRow alignItems="center" gap={8}>
        <Typography variant="caption" color="textSecondary">
          {value.author ?? 'unknown author'}
          {value.date ? `, ${formatTimestamp(value.date)}` : ''}
        </Typography>
        <SignatureBadge signature={value.signature} />
      </WrapRow>
    </Box>
  );
}
