import { Link } from '@backstage/core-components';
import type {
  ApplicationNotice,
  NoticeSeverity,
} from '@gitops-suite/plugin-gitops-common';
import Alert from '@material-ui/lab/Alert';
import { useState } from 'react';

const ALERT_SEVERITY: Record<NoticeSeverity, 'info' | 'warning' | 'error'> = {
  info: 'info',
  warning: 'warning',
  critical: 'error',
};

/**
 * An application's notice as a banner on its details, linked when it has
 * a link; dismissible unless it is permanent. None for a notice scoped to
 * the list marker only.
 */
export function NoticeBanner(props: { notice?: ApplicationNotice }) {
  const { notice } = props;
  const [dismissed, setDismissed] = useState<string>();
  if (!notice || notice.scope === 'icon' || dismissed === notice.content) {
    return null;
  }
  return (
    <Alert
      severity={ALERT_SEVERITY[notice.severity]}
      aria-label="Application notice"
      onClose={
        notice.permanent ? undefined : () => setDismissed(notice.content)
      }
    >
      {notice.url ? (
        <Link to={notice.url}>{notice.content}</Link>
      ) : (
        notice.content
      )}
    </Alert>
  );
}
