import { ConfigReader } from '@backstage/config';
import type { JsonObject } from '@backstage/types';
import { readGitOpsConfig } from './readGitOpsConfig';

describe('readGitOpsConfig: gitops.harness.accounts', () => {
  const account: JsonObject = {
    url: 'https://app.harness.io/gateway/',
    accountIdentifier: 'acct123',
    apiKey: 'pat.acct123.key',
  };
  const read = (...accounts: JsonObject[]) =>
    readGitOpsConfig(new ConfigReader({ gitops: { harness: { accounts } } }))
      .harnessAccounts;

  it('reads an account with its defaults: both agent types, the harness id prefix, 5 s calls, listed every 5 minutes', () => {
    expect(read(account)).toEqual([
      {
        where: 'gitops.harness.accounts[0]',
        url: 'https://app.harness.io/gateway',
        uiUrl: undefined,
        accountIdentifier: 'acct123',
        orgIdentifier: undefined,
        projectIdentifier: undefined,
        apiKey: 'pat.acct123.key',
        agentTypes: ['MANAGED_ARGO_PROVIDER', 'CONNECTED_ARGO_PROVIDER'],
        idPrefix: 'harness',
        timeoutMs: 5000,
        refreshIntervalMs: 300_000,
        environments: undefined,
      },
    ]);
    expect(
      readGitOpsConfig(new ConfigReader({ gitops: {} })).harnessAccounts,
    ).toEqual([]);
  });

  it('reads an org and project, the types, the prefix and the environments given', () => {
    const [read1] = read({
      ...account,
      orgIdentifier: 'default',
      projectIdentifier: 'payments_platform',
      agentTypes: ['CONNECTED_ARGO_PROVIDER'],
      idPrefix: 'acme',
      refreshIntervalSeconds: 60,
      environments: ['prod'],
    });
    expect(read1).toMatchObject({
      orgIdentifier: 'default',
      projectIdentifier: 'payments_platform',
      agentTypes: ['CONNECTED_ARGO_PROVIDER'],
      idPrefix: 'acme',
      refreshIntervalMs: 60_000,
      environments: ['prod'],
    });
  });

  it.each([
    [
      { accountIdentifier: undefined },
      'gitops.harness.accounts[0].accountIdentifier is required',
    ],
    [
      { accountIdentifier: 'acct 123' },
      'gitops.harness.accounts[0].accountIdentifier must be a Harness identifier',
    ],
    [
      { apiKey: undefined },
      'gitops.harness.accounts[0].apiKey is required (a Harness API key)',
    ],
    [
      { projectIdentifier: 'p' },
      'gitops.harness.accounts[0].projectIdentifier needs orgIdentifier',
    ],
    [
      { url: 'ftp://harness' },
      'gitops.harness.accounts[0]: url must be http or https',
    ],
    [
      { url: 'https://me:pw@harness' },
      'gitops.harness.accounts[0]: url must not carry credentials; use apiKey',
    ],
    [
      { agentTypes: ['MANAGED_ARGO_PROVIDER', 'FLUX'] },
      'gitops.harness.accounts[0].agentTypes[1] must be one of MANAGED_ARGO_PROVIDER, CONNECTED_ARGO_PROVIDER, got "FLUX"',
    ],
    [
      { idPrefix: '-x' },
      'gitops.harness.accounts[0].idPrefix must be 1-20 letters',
    ],
    [
      { refreshIntervalSeconds: 0 },
      'gitops.harness.accounts[0].refreshIntervalSeconds must be a number of seconds, at least 1',
    ],
    [
      { timeoutMs: 0 },
      'gitops.harness.accounts[0]: timeoutMs must be between 1 and 120000',
    ],
  ])('refuses %p, naming the field', (change, message) => {
    const entry: JsonObject = { ...account, ...change };
    for (const key of Object.keys(entry))
      if (entry[key] === undefined) delete entry[key];
    expect(() => read(entry)).toThrow(message);
  });

  it('refuses two accounts with one id prefix, and never names the key', () => {
    const second = { ...account, accountIdentifier: 'other' };
    expect(() => read(account, second)).toThrow(
      "gitops.harness.accounts[1].idPrefix 'harness' is another account's too",
    );
    expect(read(account, { ...second, idPrefix: 'other' })).toHaveLength(2);
    const refusal = (() => {
      try {
        read({ ...account, url: 'not a url' });
        return 'accepted';
      } catch (error) {
        return String(error);
      }
    })();
    expect(refusal).toContain(
      'gitops.harness.accounts[0]: url is not a valid URL',
    );
    expect(refusal).not.toContain('pat.acct123.key');
  });
});
