import { GitOpsApplication } from '@gitops-suite/plugin-gitops-common';
import {
  applicationsTouched,
  repositoryKey,
  repositoryPath,
} from './repositoryWrites';

const app = (
  name: string,
  sources: Array<{ repoURL: string; path?: string }>,
): GitOpsApplication => ({ name, sources } as unknown as GitOpsApplication);

describe('repositoryKey', () => {
  it.each([
    'https://github.com/acme/shop',
    'https://GitHub.com/acme/shop.git',
    'https://github.com/acme/shop/',
    'https://user@github.com/acme/shop.git',
    'ssh://git@github.com/acme/shop.git',
    'git@github.com:acme/shop.git',
    'github.com?owner=acme&repo=shop',
    'https://github.com:443/acme/shop',
  ])('names one repository for %s', url => {
    expect(repositoryKey(url)).toBe('github.com/acme/shop');
  });

  it('keeps a port that is not the scheme default, as the picker writes it', () => {
    expect(repositoryKey('http://localhost:7012/acme/shop.git')).toBe(
      'localhost:7012/acme/shop',
    );
    expect(repositoryKey('localhost:7012?owner=acme&repo=shop')).toBe(
      'localhost:7012/acme/shop',
    );
  });

  it.each(['', 'not a url', 'github.com?owner=acme', 'https://github.com/'])(
    'names no repository for %j',
    url => expect(repositoryKey(url)).toBeUndefined(),
  );
});

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
