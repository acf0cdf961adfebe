import scaffolderPlugin from '@backstage/plugin-scaffolder-backend';
import scaffolderGithubModule from '@backstage/plugin-scaffolder-backend-module-github';
import { scaffolderModuleGitops } from '../module';
import {
  startGitOpsTestBackend,
  useGitOpsTestBackend,
} from './startGitOpsTestBackend';

/**
 * The backend a template runs in against the sandbox's git host, configured
 * as `npm start` configures it (a GitHub Enterprise integration over http):
 * the scaffolder with its GitHub module and this module beside the real
 * gitops backend. `features` come first (for example a catalog). Call it in
 * a describe block; `repoUrl` is a RepoUrlPicker value on the host.
 */
export function useGitHostTemplateBackend(
  options: Omit<
    Parameters<typeof startGitOpsTestBackend>[0],
    'gitHost' | 'agentTimeoutMs' | 'config'
  >,
) {
  const gitops = useGitOpsTestBackend(() =>
    startGitOpsTestBackend({
      ...options,
      gitHost: true,
      features: [
        ...(options.features ?? []),
        scaffolderPlugin,
        scaffolderGithubModule,
        scaffolderModuleGitops,
      ],
      agentTimeoutMs: 30_000,
      config: { backend: { baseUrl: 'http://localhost' } },
    }),
  );
  const gitHost = () => gitops.sandbox.gitHost!;
  const repoUrl = (repo: string) => `${gitHost().host}?owner=acme&repo=${repo}`;
  /** A call on the host's GitHub API, with its token. */
  const hostApi = (route: string) =>
    fetch(`${gitHost().apiBaseUrl}${route}`, {
      headers: { Authorization: `token ${gitHost().token}` },
    });
  return { gitops, gitHost, repoUrl, hostApi };
}
