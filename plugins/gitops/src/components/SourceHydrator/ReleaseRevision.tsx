import {
  deployedRevision,
  GitOpsApplication,
  hydratedRevision,
} from '@gitops-suite/plugin-gitops-common';
import { CommitLink } from '../Links';

/**
 * What an application runs, as its release: the revision of its primary
 * source, or, for an application the source hydrator renders, the dry
 * commit (what was written) linked, with the hydrated commit beside it.
 */
export function ReleaseRevision(props: {
  app: GitOpsApplication;
  /** Shown when there is no revision. */
  fallback?: string;
}) {
  const { app, fallback } = props;
  const hydrated = hydratedRevision(app);
  if (!hydrated) {
    const { revision, source } = deployedRevision(app);
    return (
      <CommitLink
        repoURL={source?.repoURL}
        revision={revision}
        fallback={fallback}
      />
    );
  }
  return (
    <span>
      <CommitLink
        repoURL={hydrated.dryRepoURL}
        revision={hydrated.drySHA}
        fallback="dry commit unknown"
      />
      {hydrated.hydratedSHA && (
        <span title="hydrated commit">
          {' → '}
          <CommitLink
            repoURL={hydrated.syncRepoURL}
            revision={hydrated.hydratedSHA}
          />
        </span>
      )}
    </span>
  );
}
