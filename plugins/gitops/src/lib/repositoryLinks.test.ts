import { commitUrl, repositoryUrl } from './repositoryLinks';

const sha = '1ae088f5c3b2a41d9e7f6a0b8c2d4e6f80a1b3c5';

describe('repositoryUrl', () => {
  it.each([
    [
      'https://github.com/acme/payments.git',
      'https://github.com/acme/payments',
    ],
    ['git@github.com:acme/payments.git', 'https://github.com/acme/payments'],
    [
      'https://gitlab.com/acme/group/payments',
      'https://gitlab.com/acme/group/payments',
    ],
    [
      'ssh://git@gitlab.example.com/acme/payments.git',
      'https://gitlab.example.com/acme/payments',
    ],
    [
      'https://bitbucket.org/acme/payments.git',
      'https://bitbucket.org/acme/payments',
    ],
    [
      'https://bitbucket.example.com/scm/PAY/payments.git',
      'https://bitbucket.example.com/projects/PAY/repos/payments',
    ],
    [
      'https://acme@dev.azure.com/acme/shop/_git/payments',
      'https://dev.azure.com/acme/shop/_git/payments',
    ],
  ])('links %s to %s', (input, expected) => {
    expect(repositoryUrl(input)).toBe(expected);
  });

  it('links a web address of an unknown host as it is, but not a Helm OCI reference', () => {
    expect(repositoryUrl('https://charts.example.com/stable')).toBe(
      'https://charts.example.com/stable',
    );
    expect(repositoryUrl('registry.example.com/charts')).toBeUndefined();
    expect(repositoryUrl(undefined)).toBeUndefined();
  });
});

describe('commitUrl', () => {
  it.each([
    [
      'https://github.com/acme/payments.git',
      `https://github.com/acme/payments/commit/${sha}`,
    ],
    [
      'https://gitlab.com/acme/payments.git',
      `https://gitlab.com/acme/payments/-/commit/${sha}`,
    ],
    [
      'git@bitbucket.org:acme/payments.git',
      `https://bitbucket.org/acme/payments/commits/${sha}`,
    ],
    [
      'https://bitbucket.example.com/scm/PAY/payments.git',
      `https://bitbucket.example.com/projects/PAY/repos/payments/commits/${sha}`,
    ],
    [
      'https://dev.azure.com/acme/shop/_git/payments',
      `https://dev.azure.com/acme/shop/_git/payments/commit/${sha}`,
    ],
  ])('links a commit of %s', (repo, expected) => {
    expect(commitUrl(repo, sha)).toBe(expected);
  });

  it('does not link a chart version, a branch or an unknown host', () => {
    expect(
      commitUrl('https://github.com/acme/payments', '1.4.2'),
    ).toBeUndefined();
    expect(
      commitUrl('https://github.com/acme/payments', 'main'),
    ).toBeUndefined();
    expect(commitUrl('https://charts.example.com/stable', sha)).toBeUndefined();
  });

  it("links a commit on the install's GitHub hosts, over their own scheme", () => {
    const hosts = ['localhost:7101', 'code.example.com'];
    expect(
      commitUrl('http://localhost:7101/acme/payments-deploy.git', sha, hosts),
    ).toBe(`http://localhost:7101/acme/payments-deploy/commit/${sha}`);
    expect(
      commitUrl('https://code.example.com/acme/payments.git', sha, hosts),
    ).toBe(`https://code.example.com/acme/payments/commit/${sha}`);
    expect(
      commitUrl('git@code.example.com:acme/payments.git', sha, hosts),
    ).toBe(`https://code.example.com/acme/payments/commit/${sha}`);
    // not configured: not linked
    expect(
      commitUrl('http://localhost:7101/acme/payments-deploy.git', sha),
    ).toBeUndefined();
  });
});
