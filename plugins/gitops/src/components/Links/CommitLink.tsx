import { Link } from '@backstage/core-components';
import { configApiRef, useApiHolder } from '@backstage/core-plugin-api';
import { useMemo } from 'react';
import { shortRevision } from '@gitops-suite/plugin-gitops-common';
import { commitUrl } from '../../lib/repositoryLinks';

/** The install's GitHub hosts (`integrations.github[].host`, visible to the frontend). */
function useGithubHosts(): string[] {
  const config = useApiHolder().get(configApiRef);
  return useMemo(
    () =>
      (config?.getOptionalConfigArray('integrations.github') ?? []).flatMap(
        c => c.getOptionalString('host') ?? [],
      ),
    [config],
  );
}

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
  const githubHosts = useGithubHosts();
  if (!revision) return <span>{fallback}</span>;
  const code = <code title={revision}>{shortRevision(revision)}</code>;
  const href = commitUrl(repoURL, revision, githubHosts);
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
