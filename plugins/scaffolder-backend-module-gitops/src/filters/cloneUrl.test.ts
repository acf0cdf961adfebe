import { ConfigReader } from '@backstage/config';
import { ScmIntegrations } from '@backstage/integration';
import {
  cloneUrlOf,
  createCloneUrlFilter,
  repositoryUrlOf,
} from './cloneUrl';

const integrations = ScmIntegrations.fromConfig(
  new ConfigReader({
    integrations: {
      github: [
        { host: 'localhost:7007', apiBaseUrl: 'http://localhost:7007/api/v3' },
      ],
    },
  }),
);

describe('cloneUrlOf', () => {
  it('keeps github.com on https', () => {
    expect(cloneUrlOf(integrations, 'github.com?owner=acme&repo=orders')).toBe(
      'https://github.com/acme/orders.git',
    );
  });

  it('clones a GitHub Enterprise host over the scheme of its integration', () => {
    expect(
      cloneUrlOf(integrations, 'localhost:7007?owner=acme&repo=orders'),
    ).toBe('http://localhost:7007/acme/orders.git');
  });

  it('names a value without owner', () => {
    expect(() => cloneUrlOf(integrations, 'github.com?repo=orders')).toThrow(
      'missing owner',
    );
  });

  it('refuses what is not a RepoUrlPicker value, as a filter', () => {
    const { gitopsCloneUrl, gitopsRepositoryUrl } =
      createCloneUrlFilter(integrations);
    expect(() => gitopsCloneUrl(42)).toThrow(
      'gitopsCloneUrl takes a RepoUrlPicker value',
    );
    expect(() => gitopsRepositoryUrl(undefined)).toThrow(
      'gitopsRepositoryUrl takes a RepoUrlPicker value',
    );
  });
});

describe('repositoryUrlOf', () => {
  it('links a repository over the scheme of its host, github.com over https', () => {
    const { gitopsRepositoryUrl } = createCloneUrlFilter(integrations);
    expect(gitopsRepositoryUrl('localhost:7007?owner=acme&repo=orders')).toBe(
      'http://localhost:7007/acme/orders',
    );
    expect(
      repositoryUrlOf(integrations, 'github.com?owner=acme&repo=orders'),
    ).toBe('https://github.com/acme/orders');
  });
});
