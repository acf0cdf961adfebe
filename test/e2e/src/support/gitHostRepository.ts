/** Where the sandbox's git host answers its GitHub REST API, and its token. */
export interface GitHostApi {
  apiBaseUrl: string;
  token: string;
}

/**
 * One repository of the sandbox's git host (owner `acme`) through its
 * GitHub REST API, as a release build or a person would change it: every
 * call must succeed (the route is named when one does not).
 */
export function gitHostRepository(gitHost: GitHostApi, repository: string) {
  const rest = async (method: string, route: string, body?: unknown) => {
    const res = await fetch(
      `${gitHost.apiBaseUrl}/repos/acme/${repository}${route}`,
      {
        method,
        headers: {
          authorization: `token ${gitHost.token}`,
          'content-type': 'application/json',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      },
    );
    expect({ route, ok: res.ok }).toEqual({ route, ok: true });
    return res.json();
  };

  /**
   * A commit on top of main that sets the image tag of one environment's
   * Kustomize overlay (no branch moves): answers its sha.
   */
  const commitOverlayTag = async (
    environment: string,
    tag: string,
    message: string,
  ): Promise<string> => {
    const file = `deploy/overlays/${environment}/kustomization.yaml`;
    const head = await rest('GET', '/branches/main');
    const current = await rest('GET', `/contents/${file}?ref=main`);
    const content = Buffer.from(current.content, 'base64')
      .toString('utf8')
      .replace(/newTag: .*/, `newTag: ${tag}`);
    const tree = await rest('POST', '/git/trees', {
      base_tree: head.commit.commit.tree.sha,
      tree: [{ path: file, mode: '100644', content }],
    });
    const commit = await rest('POST', '/git/commits', {
      message,
      tree: tree.sha,
      parents: [head.commit.sha],
    });
    return commit.sha;
  };

  return { rest, commitOverlayTag };
}
