import { Progress, ResponseErrorPanel } from '@backstage/core-components';
import { useApi } from '@backstage/core-plugin-api';
import TableCell from '@material-ui/core/TableCell';
import TableRow from '@material-ui/core/TableRow';
import Typography from '@material-ui/core/Typography';
import {
  repositoryKey,
  type GitOpsApplication,
  type GitOpsRepository,
} from '@gitops-suite/plugin-gitops-common';
import useAsync from 'react-use/esm/useAsync';
import { gitopsApiRef } from '../../api';
import { AgentErrorBanners } from '../AgentErrorBanners';
import { CompactTableCard } from '../WordWrapTableHead';

const TYPES: Record<string, string> = { git: 'Git', helm: 'Helm', oci: 'OCI' };

/**
 * Each repository's applications: those on its agent with a source whose
 * `repoURL` names it (common's `repositoryKey`, as Argo CD compares them),
 * as `namespace/name`, sorted.
 */
export function applicationsByRepository(
  repositories: GitOpsRepository[],
  applications: GitOpsApplication[],
): Map<GitOpsRepository, string[]> {
  const byKey = new Map<string, Set<string>>();
  for (const app of applications) {
    for (const source of app.sources ?? []) {
      const key = repositoryKey(source.repoURL);
      if (!key) continue;
      const id = `${app.agentId}\u0000${key}`;
      const names = byKey.get(id) ?? new Set<string>();
      names.add(app.namespace ? `${app.namespace}/${app.name}` : app.name);
      byKey.set(id, names);
    }
  }
  return new Map(
    repositories.map(repo => {
      const key = repositoryKey(repo.repo);
      const names = key ? byKey.get(`${repo.agentId}\u0000${key}`) : undefined;
      return [repo, [...(names ?? [])].sort()];
    }),
  );
}

function Connection(props: { repo: GitOpsRepository }) {
  const state = props.repo.connectionState;
  if (!state) return <>not reported</>;
  return (
    <>
      {state.status}
      {state.attemptedAt && (
        <Typography variant="caption" component="div" color="textSecondary">
          checked {new Date(state.attemptedAt).toLocaleString()}
        </Typography>
      )}
    </>
  );
}

/**
 * The repositories every agent holds, from `/repositories` (which never
 * carries credentials, only whether there are any): connection state,
 * last error, type, project, and the applications deploying from each.
 */
export function RepositoriesView() {
  const api = useApi(gitopsApiRef);
  const { value, loading, error } = useAsync(async () => {
    const [repositories, applications] = await Promise.all([
      api.getRepositories(),
      api.getFleetApplications({}),
    ]);
    return { repositories, applications };
  }, [api]);

  if (loading) return <Progress />;
  if (error || !value) return <ResponseErrorPanel error={error!} />;
  const { repositories, applications } = value;
  const uses = applicationsByRepository(repositories.items, applications.items);
  return (
    <>
      <AgentErrorBanners
        errors={[...repositories.errors, ...applications.errors]}
      />
      <CompactTableCard
        title="Repositories"
        headings={[
          'Repository',
          'Type',
          'Agent',
          'Project',
          'Connection',
          'Last error',
          'Credentials',
          'Applications',
        ]}
      >
        {repositories.items.map(repo => {
          const failed =
            repo.connectionState &&
            repo.connectionState.status !== 'Successful';
          const apps = uses.get(repo) ?? [];
          return (
            <TableRow key={`${repo.agentId}:${repo.repo}`}>
              <TableCell component="th" scope="row">
                {repo.repo}
                {repo.name && (
                  <Typography
                    variant="caption"
                    component="div"
                    color="textSecondary"
                  >
                    {repo.name}
                  </Typography>
                )}
              </TableCell>
              <TableCell>{TYPES[repo.type] ?? repo.type}</TableCell>
              <TableCell>{repo.agentId}</TableCell>
              <TableCell>{repo.project ?? 'any project'}</TableCell>
              <TableCell>
                <Connection repo={repo} />
              </TableCell>
              <TableCell>
                {failed ? repo.connectionState?.message ?? '' : ''}
              </TableCell>
              <TableCell>
                {repo.hasCredentials ? 'kept by the agent' : 'none'}
              </TableCell>
              <TableCell>
                {apps.length ? apps.join(', ') : 'none in the fleet'}
              </TableCell>
            </TableRow>
          );
        })}
      </CompactTableCard>
    </>
  );
}
