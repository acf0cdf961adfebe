import { GitOpsApplication } from '@gitops-suite/plugin-gitops-common';
import { applicationsTouched, repositoryPath } from './repositoryWrites';

const app = (
  name: string,
  sources: Array<{ repoURL: string; path?: string }>,
): GitOpsApplication => ({ name, sources } as unknown as GitOpsApplication);

describe('repositoryPath', () => {
  it('drops ./, empty and trailing segments, and resolves ..', () => {
    expect(repositoryPath('./deploy//overlays/qa/')).toBe('deploy/overlays/qa');
    expect(repositoryPath('deploy/overlays/../base')).toBe('deploy/base');
    expect(repositoryPath('.')).toBe('');
    expect(repositoryPath(undefined)).toBe('');
  });
});

describe('applicationsTouched', () => {
  const repo = 'https://github.com/acme/shop-deploy.git';
  const dev = app('shop-dev', [{ repoURL: repo, path: 'overlays/dev' }]);
  const prod = app('shop-prod', [{ repoURL: repo, path: './overlays/prod' }]);
  const other = app('other-dev', [
    { repoURL: 'https://github.com/acme/other.git', path: 'overlays/dev' },
  ]);
  const all = [dev, prod, other];

  it('touches the application whose path holds a changed file', () => {
    expect(
      applicationsTouched(all, 'github.com?owner=acme&repo=shop-deploy', [
        'overlays/prod/kustomization.yaml',
      ]),
    ).toEqual([prod]);
  });

  it('does not take a sibling folder with the same prefix for the path', () => {
    expect(
      applicationsTouched(all, repo, ['overlays/dev-old/kustomization.yaml']),
    ).toEqual([dev, prod]);
  });

  it('takes a file outside every path (a base) as touching every application of the repository', () => {
    expect(applicationsTouched(all, repo, ['base/deployment.yaml'])).toEqual([
      dev,
      prod,
    ]);
  });

  it('takes unknown paths as the whole repository, and a repository nobody deploys as touching nothing', () => {
    expect(applicationsTouched(all, repo, undefined)).toEqual([dev, prod]);
    expect(
      applicationsTouched(all, 'https://github.com/acme/new.git', undefined),
    ).toEqual([]);
  });

  it('finds an application through any of its sources (multi-source)', () => {
    const multi = app('multi', [
      { repoURL: 'https://charts.example.com', path: '' },
      { repoURL: repo, path: 'values' },
    ]);
    expect(
      applicationsTouched([multi, dev], repo, ['values/prod.yaml']),
    ).toEqual([multi]);
  });
});
