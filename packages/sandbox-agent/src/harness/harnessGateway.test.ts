import { Sandbox, startSandbox } from '../startSandbox';
import { FLEET_SCENARIO, request } from '../testing/testClients';

/*
 * The sandbox's Harness gateway (/harness) over the example fleet: the
 * account's agent list as AgentServiceForServerList defines it, and each
 * agent's calls behind the one base URL, harness-us (found through its
 * account only) included.
 */

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ scenarioPath: FLEET_SCENARIO, log: () => {} });
});
afterAll(() => sandbox.close());

const ACCOUNT = 'SandboxAcct9xQ2LmN4pRw';
const account = () => sandbox.harnessAccounts[0];
const get = (path: string, key: string | undefined = account().token) =>
  request(`${account().url}${path}`, { headers: key ? { 'x-api-key': key } : {} });
const scope = (extra: Record<string, string> = {}) =>
  new URLSearchParams({ accountIdentifier: ACCOUNT, routingId: ACCOUNT, ...extra }).toString();
const projectScope = { orgIdentifier: 'default', projectIdentifier: 'payments_platform' };

describe("the sandbox's Harness gateway", () => {
  it('names the account, and leaves the agent found by account out of the configured agents', () => {
    expect(sandbox.harnessAccounts).toEqual([
      expect.objectContaining({ url: `${sandbox.baseUrl}/harness`, accountIdentifier: ACCOUNT }),
    ]);
    expect(account().agents.map(a => [a.id, Boolean(a.foundByAccount)])).toEqual([
      ['harness-eu', false],
      ['harness-us', true],
    ]);
    expect(sandbox.agents.map(a => a.id)).toEqual(['argocd-nonprod', 'argocd-prod', 'harness-eu']);
    expect(sandbox.agent('harness-us').agentIdentifier).toBe('usagent');
  });

  it('lists the agents of the account as the SDK asks: type required, the key checked, pages', async () => {
    const type = 'MANAGED_ARGO_PROVIDER';
    const noType = await get(`/gitops/api/v1/agents?${scope()}`);
    expect(noType.status).toBe(400);
    expect(noType.json.message).toBe('type is required (AgentServiceForServerList)');
    expect((await get(`/gitops/api/v1/agents?${scope({ type })}`, 'wrong-key')).status).toBe(401);
    expect((await get(`/gitops/api/v1/agents?${scope({ type, nope: '1' })}`)).status).toBe(400);

    // project agents are not account agents, unless asked with ignoreScope
    const exact = await get(`/gitops/api/v1/agents?${scope({ type })}`);
    expect(exact.json).toMatchObject({ totalItems: 0, empty: true });
    const all = await get(`/gitops/api/v1/agents?${scope({ type, ignoreScope: 'true' })}`);
    expect(all.json.content.map((a: any) => a.identifier)).toEqual(['euagent', 'usagent']);
    expect(all.json.content[1]).toMatchObject({ name: 'us-agent', scope: 'PROJECT', ...projectScope });
    const inProject = await get(`/gitops/api/v1/agents?${scope({ type, ...projectScope })}`);
    expect(inProject.json.totalItems).toBe(2);
    const connected = await get(`/gitops/api/v1/agents?${scope({ type: 'CONNECTED_ARGO_PROVIDER', ignoreScope: 'true' })}`);
    expect(connected.json.totalItems).toBe(0);

    const second = await get(`/gitops/api/v1/agents?${scope({ type, ignoreScope: 'true', pageSize: '1', pageIndex: '1' })}`);
    expect(second.json).toMatchObject({ pageIndex: 1, pageSize: 1, totalPages: 2, totalItems: 2 });
    expect(second.json.content.map((a: any) => a.identifier)).toEqual(['usagent']);
  });

  it("serves each agent's calls by the agent they name, within its scope", async () => {
    const apps = await get(`/gitops/api/v1/agents/usagent/applications?${scope(projectScope)}`);
    expect(apps.status).toBe(200);
    expect(apps.json.items.map((a: any) => a.metadata.name).sort()).toEqual(['fx-rates-dev', 'fx-rates-prod', 'fx-rates-qa']);
    const clusters = await get(`/gitops/api/v1/agents/usagent/clusters?${scope(projectScope)}`);
    expect(clusters.json.content.map((c: any) => c.identifier)).toEqual(['in_cluster', 'us_nonprod', 'us_prod']);
    const eu = await get(`/gitops/api/v1/agents/euagent/applications?${scope(projectScope)}`);
    expect(eu.json.items.some((a: any) => a.metadata.name === 'payments-gateway-dev')).toBe(true);

    const otherProject = await get(`/gitops/api/v1/agents/usagent/applications?${scope({ orgIdentifier: 'default', projectIdentifier: 'other' })}`);
    expect(otherProject.status).toBe(404);
    const control = await get(`/_sandbox/state?agentIdentifier=usagent&${scope(projectScope)}`);
    expect(control.status).toBe(404);
  });

  it('drops an agent that left its account (control API) from the list and its calls, until it is back', async () => {
    const us = sandbox.agent('harness-us');
    const leave = await request(`${us.url}/_sandbox/harness-account`, {
      method: 'POST',
      headers: { 'x-api-key': us.token },
      body: { member: false },
    });
    expect(leave.json).toEqual({ member: false });
    const listed = await get(`/gitops/api/v1/agents?${scope({ type: 'MANAGED_ARGO_PROVIDER', ignoreScope: 'true' })}`);
    expect(listed.json.content.map((a: any) => a.identifier)).toEqual(['euagent']);
    expect((await get(`/gitops/api/v1/agents/usagent?${scope(projectScope)}`)).status).toBe(404);

    const bad = await request(`${us.url}/_sandbox/harness-account`, { method: 'POST', headers: { 'x-api-key': us.token }, body: { member: 'no' } });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('harness-account: member must be true or false');
    await request(`${us.url}/_sandbox/harness-account`, { method: 'POST', headers: { 'x-api-key': us.token }, body: { member: true } });
    expect((await get(`/gitops/api/v1/agents/usagent?${scope(projectScope)}`)).status).toBe(200);
  });
});
