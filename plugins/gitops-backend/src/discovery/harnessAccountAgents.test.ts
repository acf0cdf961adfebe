import { ConfigReader } from '@backstage/config';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readHarnessAccounts } from '../config/readHarnessAccounts';
import { AgentHttpClient } from '../providers/http/AgentHttpClient';
import {
  configuredHarnessAgentKey,
  foundHarnessAgent,
  harnessAgentKey,
  listHarnessAccountAgents,
} from './harnessAccountAgents';

const account = (more: Record<string, unknown> = {}) =>
  readHarnessAccounts(
    new ConfigReader({
      harness: {
        accounts: [
          {
            url: 'https://app.harness.io/gateway',
            accountIdentifier: 'acct',
            apiKey: 'pat.acct.secret-key',
            ...more,
          },
        ],
      },
    }),
  )[0];

describe('an agent of the account list as an agent entry', () => {
  it.each([
    [{ identifier: 'hub', scope: 'ACCOUNT' }, 'harness.hub', 'account.hub'],
    // the gateway may answer the identifier with its scope prefix
    [
      { identifier: 'account.hub', scope: 'ACCOUNT' },
      'harness.hub',
      'account.hub',
    ],
    [
      { identifier: 'eu', scope: 'ORG', orgIdentifier: 'default' },
      'harness.default.eu',
      'org.eu',
    ],
    [
      {
        identifier: 'eu',
        scope: 'PROJECT',
        orgIdentifier: 'default',
        projectIdentifier: 'pay',
      },
      'harness.default.pay.eu',
      'eu',
    ],
    // no scope field: the deepest identifier it carries
    [
      { identifier: 'eu', orgIdentifier: 'default', projectIdentifier: 'pay' },
      'harness.default.pay.eu',
      'eu',
    ],
  ])(
    '%p gets the id %s and the scoped agent identifier %s',
    (raw, id, agentIdentifier) => {
      const found = foundHarnessAgent(account(), raw);
      if ('skipped' in found) throw new Error(found.skipped);
      expect(found.agent.id).toBe(id);
      expect(found.agent.config.getString('harness.agentIdentifier')).toBe(
        agentIdentifier,
      );
      expect(found.agent.config.getString('credentials.token')).toBe(
        'pat.acct.secret-key',
      );
    },
  );

  it('takes the name as title, the region tag, and the account defaults', () => {
    const found = foundHarnessAgent(
      account({
        idPrefix: 'acme',
        uiUrl: 'https://app.harness.io',
        environments: ['prod'],
        timeoutMs: 2000,
      }),
      {
        identifier: 'eu',
        scope: 'ORG',
        orgIdentifier: 'default',
        name: 'EU agent',
        tags: { region: 'eu-west-1' },
      },
    );
    if ('skipped' in found) throw new Error(found.skipped);
    expect(found.agent).toMatchObject({
      id: 'acme.default.eu',
      kind: 'harness',
      title: 'EU agent',
      url: 'https://app.harness.io/gateway',
      uiUrl: 'https://app.harness.io',
      region: 'eu-west-1',
      environments: ['prod'],
      timeoutMs: 2000,
    });
  });

  it('is the same agent as an entry naming it, however the entry spells its scope', () => {
    const found = foundHarnessAgent(account(), {
      identifier: 'eu',
      scope: 'ORG',
      orgIdentifier: 'default',
      projectIdentifier: 'ignored',
    });
    if ('skipped' in found) throw new Error(found.skipped);
    const entry = (harness: Record<string, string>) => ({
      id: 'eu',
      kind: 'harness',
      url: 'https://x',
      timeoutMs: 1,
      config: new ConfigReader({ harness }),
    });
    // an org agent's project does not make it another agent
    expect(
      configuredHarnessAgentKey(
        entry({
          accountIdentifier: 'acct',
          orgIdentifier: 'default',
          projectIdentifier: 'pay',
          agentIdentifier: 'org.eu',
        }),
      ),
    ).toBe(found.key);
    expect(
      configuredHarnessAgentKey(
        entry({
          accountIdentifier: 'acct',
          orgIdentifier: 'other',
          agentIdentifier: 'org.eu',
        }),
      ),
    ).not.toBe(found.key);
    expect(
      harnessAgentKey({
        accountIdentifier: 'acct',
        agentIdentifier: 'eu',
        orgIdentifier: 'default',
      }),
    ).not.toBe(found.key);
    expect(
      configuredHarnessAgentKey({ ...entry({}), kind: 'argocd' }),
    ).toBeUndefined();
  });

  it('leaves out an agent outside the configured org or project, and one whose id would be too long, saying why', () => {
    const inOrg = account({ orgIdentifier: 'default' });
    expect(
      foundHarnessAgent(inOrg, { identifier: 'hub', scope: 'ACCOUNT' }),
    ).toEqual({
      skipped: 'it is outside the org or project the account names',
    });
    expect(
      foundHarnessAgent(inOrg, {
        identifier: 'eu',
        scope: 'ORG',
        orgIdentifier: 'other',
      }),
    ).toEqual({
      skipped: 'it is outside the org or project the account names',
    });
    const long = foundHarnessAgent(account(), {
      identifier: 'a'.repeat(40),
      scope: 'PROJECT',
      orgIdentifier: 'default',
      projectIdentifier: 'payments_platform',
    });
    expect(long).toEqual({
      skipped: expect.stringContaining('list it in gitops.agents'),
    });
    expect(foundHarnessAgent(account(), { scope: 'ACCOUNT' })).toEqual({
      skipped: 'it has no identifier',
    });
    expect(JSON.stringify(long)).not.toContain('secret-key');
  });
});

describe('listHarnessAccountAgents', () => {
  /** A gateway answering the agent list in pages of one, three pages per type. */
  async function pagedGateway(failAt?: number) {
    const seen: URLSearchParams[] = [];
    const server = http.createServer((req, res) => {
      const query = new URL(req.url ?? '/', 'http://gateway').searchParams;
      seen.push(query);
      const index = Number(query.get('pageIndex'));
      if (index === failAt) {
        res.writeHead(503, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 14, message: 'unavailable' }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          content: [
            { identifier: `${query.get('type')}-${index}`, scope: 'ACCOUNT' },
          ],
          pageIndex: index,
          totalPages: 3,
        }),
      );
    });
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return {
      seen,
      url,
      close: () => new Promise(resolve => server.close(resolve)),
    };
  }
  const client = (url: string) =>
    new AgentHttpClient({
      agentId: 'Harness account acct',
      baseUrl: url,
      timeoutMs: 2000,
      authHeaders: async () => ({ 'x-api-key': 'pat.acct.secret-key' }),
      secrets: () => ['pat.acct.secret-key'],
    });

  it('reads every page of every agent type', async () => {
    const gateway = await pagedGateway();
    try {
      const agents = await listHarnessAccountAgents(
        client(gateway.url),
        account(),
      );
      expect(agents.map(a => a.identifier)).toEqual([
        'MANAGED_ARGO_PROVIDER-0',
        'MANAGED_ARGO_PROVIDER-1',
        'MANAGED_ARGO_PROVIDER-2',
        'CONNECTED_ARGO_PROVIDER-0',
        'CONNECTED_ARGO_PROVIDER-1',
        'CONNECTED_ARGO_PROVIDER-2',
      ]);
      expect(Object.fromEntries(gateway.seen[1])).toEqual({
        accountIdentifier: 'acct',
        routingId: 'acct',
        orgIdentifier: '',
        projectIdentifier: '',
        type: 'MANAGED_ARGO_PROVIDER',
        ignoreScope: 'true',
        pageSize: '100',
        pageIndex: '1',
      });
    } finally {
      await gateway.close();
    }
  });

  it('fails as a whole when a page cannot be read (a part would retire the rest)', async () => {
    const gateway = await pagedGateway(2);
    try {
      const failure = await listHarnessAccountAgents(
        client(gateway.url),
        account(),
      ).catch(e => e);
      expect(failure).toBeInstanceOf(Error);
      expect(String(failure.message)).not.toContain('secret-key');
    } finally {
      await gateway.close();
    }
  });
});
