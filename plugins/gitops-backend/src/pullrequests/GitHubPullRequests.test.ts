import { ConfigReader } from '@backstage/config';
import { GitHubPullRequests } from './GitHubPullRequests';

const serving = (github?: object[]) =>
  GitHubPullRequests.fromConfig(
    new ConfigReader(github ? { integrations: { github } } : {}),
  );

describe('GitHubPullRequests', () => {
  it('serves only the hosts integrations.github configures', () => {
    const sandbox = serving([
      { host: 'localhost:7101', apiBaseUrl: 'http://localhost:7101/api/v3' },
    ]);
    expect(sandbox.serves('http://localhost:7101/acme/orders.git')).toBe(true);
    // Backstage adds github.com to the integrations; it is not configured
    expect(sandbox.serves('https://github.com/acme/orders.git')).toBe(false);
    expect(serving().serves('https://github.com/acme/orders.git')).toBe(false);
    expect(
      serving([{ host: 'github.com', token: 't' }]).serves(
        'https://github.com/acme/orders.git',
      ),
    ).toBe(true);
    // an entry without host is github.com's
    expect(serving([{ token: 't' }]).serves('https://github.com/acme/x')).toBe(
      true,
    );
    expect(sandbox.serves('https://gitlab.com/acme/orders.git')).toBe(false);
  });

  it('reads nothing from a host that is not configured', async () => {
    await expect(
      serving().listOpen('https://github.com/acme/orders.git', [
        'promote-',
      ] as any),
    ).rejects.toThrow(
      'https://github.com/acme/orders.git is on no GitHub host of integrations.github',
    );
  });
});
