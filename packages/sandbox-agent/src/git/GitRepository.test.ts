import { GitRepository } from './GitRepository';

describe('GitRepository.allDirectories', () => {
  it('lists declared directories, their parents and the directories of files, without hidden ones', () => {
    const repo = new GitRepository({
      url: 'https://github.com/acme/platform.git',
      seed: 's',
      now: Date.parse('2026-01-01T00:00:00Z'),
      commits: 2,
      signing: 'unsigned',
      version: '1.0',
      subject: 'platform',
    });
    repo.directories.add('apps/infra/observability/loki');
    repo.directories.add('.github/workflows');
    repo.files.set('clusters/east/config.json', '{}');
    repo.files.set('README.md', '');
    expect(repo.allDirectories()).toEqual([
      'apps',
      'apps/infra',
      'apps/infra/observability',
      'apps/infra/observability/loki',
      'clusters',
      'clusters/east',
    ]);
  });
});
