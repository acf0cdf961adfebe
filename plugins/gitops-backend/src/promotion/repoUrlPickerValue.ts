import { Entity } from '@backstage/catalog-model';

const SOURCE_LOCATION = 'backstage.io/source-location';

/**
 * A repository URL in the form the scaffolder's RepoUrlPicker takes
 * (`github.com?owner=acme&repo=payments-api-deploy`), or `undefined` when the
 * URL does not name an owner and a repository.
 */
export function repoUrlPickerValue(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url.replace(/^url:/, ''));
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    return undefined;
  }
  const [owner, repo] = parsed.pathname.split('/').filter(Boolean);
  if (!owner || !repo) return undefined;
  const params = new URLSearchParams({
    owner,
    repo: repo.replace(/\.git$/, ''),
  });
  return `${parsed.host}?${params.toString()}`;
}

/**
 * The repository the promotion changes: the entity's
 * `backstage.io/source-location` when it is a URL, else the GitOps source
 * repository of its applications.
 */
export function promotionRepoUrl(
  entity: Entity,
  applicationRepoUrls: string[],
): string | undefined {
  const location = entity.metadata.annotations?.[SOURCE_LOCATION];
  if (location?.startsWith('url:')) {
    const value = repoUrlPickerValue(location);
    if (value) return value;
  }
  for (const url of applicationRepoUrls) {
    const value = repoUrlPickerValue(url);
    if (value) return value;
  }
  return undefined;
}
