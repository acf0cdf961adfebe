import { Link } from '@backstage/core-components';
import type { GitOpsApplication } from '@gitops-suite/plugin-gitops-common';
import LaunchIcon from '@material-ui/icons/Launch';

/**
 * The link to an application in its agent's UI, beside its name in a row
 * that opens on click (the link goes where it points instead).
 */
export function AgentUiLink(props: {
  app: Pick<GitOpsApplication, 'name' | 'uiUrl'>;
}) {
  const { app } = props;
  if (!app.uiUrl) return null;
  return (
    <Link
      to={app.uiUrl}
      onClick={event => event.stopPropagation()}
      aria-label={`Open ${app.name} in the agent UI`}
    >
      <LaunchIcon fontSize="small" style={{ verticalAlign: 'middle' }} />
    </Link>
  );
}
