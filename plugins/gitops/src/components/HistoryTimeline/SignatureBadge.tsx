import type { RevisionMetadata } from '@gitops-suite/plugin-gitops-common';
import Chip from '@material-ui/core/Chip';
import VerifiedUserIcon from '@material-ui/icons/VerifiedUser';
import WarningIcon from '@material-ui/icons/Warning';
import HelpOutlineIcon from '@material-ui/icons/HelpOutline';

/** Whether a revision's commit is GnuPG-signed. */
export function SignatureBadge(props: {
  signature: RevisionMetadata['signature'];
}) {
  const { state, info, problems } = props.signature;
  const title = [info, ...problems].filter(Boolean).join('; ') || state;
  switch (state) {
    case 'signed':
      return (
        <Chip
          size="small"
          color="primary"
          icon={<VerifiedUserIcon />}
          label="signed"
          title={title}
        />
      );
    case 'invalid':
      return (
        <Chip
          size="small"
          color="secondary"
          icon={<WarningIcon />}
          label="invalid signature"
          title={title}
        />
      );
    case 'unsigned':
      return (
        <Chip
          size="small"
          variant="outlined"
          icon={<WarningIcon />}
          label="unsigned"
          title={title}
        />
      );
    default:
      return (
        <Chip
          size="small"
          variant="outlined"
          icon={<HelpOutlineIcon />}
          label="signature unknown"
          title={title}
        />
      );
  }
}
