import { Link } from '@backstage/core-components';
import { shortRevision } from '@gitops-suite/plugin-gitops-common';
import { commitUrl } from '../../lib/repositoryLinks';

/**
 * A revision as short code, linked to its commit on the Git host when the
 * repository URL tells where that is.
 */
export function CommitLink(props: {
  repoURL?: string;
  revision?: string;
  /** Shown when there is no revision. */
  fallback?: string;
}) {
  const { repoURL, revision, fallback = '—' } = props;
  if (!revision) return <span>{fallback}</span>;
  const code = <code title={revision}>{shortRevision(revision)}</code>;
  const href = commitUrl(repoURL, revision);
  return href ? (
    <Link
      to={href}
      onClick={event => event.stopPropagation()}
      aria-label={`Commit ${shortRevision(revision)}`}
    >
      {code}
    </Link>
  ) : (
    code
  );
}
