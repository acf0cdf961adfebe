import type { RevisionMetadata } from '@gitops-suite/plugin-gitops-common';
import Box from '@material-ui/core/Box';
import Chip from '@material-ui/core/Chip';
import Typography from '@material-ui/core/Typography';
import ErrorIcon from '@material-ui/icons/Error';
import HelpOutlineIcon from '@material-ui/icons/HelpOutline';
import RemoveCircleOutlineIcon from '@material-ui/icons/RemoveCircleOutline';
import VerifiedUserIcon from '@material-ui/icons/VerifiedUser';
import type { ReactElement } from 'react';
import { ATTENTION_RED } from '../StatusChips';

type State = RevisionMetadata['signature']['state'];

const LOOKS: Record<
  State,
  {
    label: string;
    icon: ReactElement;
    color: 'primary' | 'secondary' | 'default';
    outlined: boolean;
  }
> = {
  signed: {
    label: 'signed',
    icon: <VerifiedUserIcon />,
    color: 'primary',
    outlined: false,
  },
  invalid: {
    label: 'invalid signature',
    icon: <ErrorIcon style={{ color: 'inherit' }} />,
    color: 'default',
    outlined: false,
  },
  unsigned: {
    label: 'unsigned',
    icon: <RemoveCircleOutlineIcon />,
    color: 'default',
    outlined: true,
  },
  unknown: {
    label: 'signature unknown',
    icon: <HelpOutlineIcon />,
    color: 'default',
    outlined: true,
  },
};

/** The first line of GnuPG's verdict that names the signer. */
function signer(info?: string): string | undefined {
  const lines = (info ?? '').split('\n').map(line => line.trim());
  return (
    lines.find(line => /signature from/i.test(line)) ??
    lines.find(Boolean) ??
    undefined
  )?.replace(/^gpg:\s*/, '');
}

function detailOf(signature: RevisionMetadata['signature']): string {
  switch (signature.state) {
    case 'signed':
      return signer(signature.info) ?? 'GnuPG signature verified';
    case 'invalid':
      return signature.problems.join('; ') || signer(signature.info) || '';
    case 'unsigned':
      return 'The commit carries no GnuPG signature';
    default:
      return 'The agent reported no signature check';
  }
}

/**
 * Whether a revision's commit is GnuPG-signed: signed, unsigned, invalid
 * or unknown, each looking different, with the detail written out beside
 * the chip rather than hidden in a tooltip.
 */
export function SignatureBadge(props: {
  signature: RevisionMetadata['signature'];
}) {
  const look = LOOKS[props.signature.state] ?? LOOKS.unknown;
  const detail = detailOf(props.signature);
  return (
    <Box display="flex" alignItems="center" flexWrap="wrap" style={{ gap: 8 }}>
      <Chip
        size="small"
        color={look.color}
        variant={look.outlined ? 'outlined' : 'default'}
        icon={look.icon}
        label={look.label}
        style={
          props.signature.state === 'invalid'
            ? { backgroundColor: ATTENTION_RED, color: '#ffffff' }
            : undefined
        }
      />
      {detail && (
        <Typography variant="caption" color="textSecondary">
          {detail}
        </Typography>
      )}
    </Box>
  );
}
