import { Sandbox, SandboxAgentInfo, startSandbox } from '../startSandbox';
import { smallScenario } from '../testing/smallScenario';
import { harnessClient, harnessScope, request } from '../testing/testClients';

/*
 * The Harness emulation takes what the Harness Go SDK sends and refuses, as
 * the gateway does (400, {code: 3, message}), what the SDK would not send:
 * a query parameter the operation does not take, a body field outside its
 * model, a missing required parameter.
 */
let sandbox: Sandbox;
let hx: SandboxAgentInfo;
const apps = '/gitops/api/v1/agents/hxagent/applications';

beforeAll(async () => {
  sandbox = await startSandbox({ scenario: smallScenario(), log: () => {} });
  hx = sandbox.agent('hx');
});
afterAll(() => sandbox.close());

const call = (method: string, p: string, body?: unknown) =>
  request(`${hx.url}${p}`, { method, headers: { 'x-api-key': hx.token }, ...(body !== undefined && { body }) });
const scope = () => harnessScope(hx);

async function refused(response: Promise<{ status: number; json: any }>, message: string | RegExp) {
  const res = await response;
  expect(res.status).toBe(400);
  expect(res.json.code).toBe(3);
  expect(res.json.message).toMatch(message);
}

describe('the Harness emulation follows the SDK', () => {
  it('lists ApplicationSets as the SDK does: no query string, the scope in the body', async () => {
    const body = { accountIdentifier: 'acct123', orgIdentifier: 'default', projectIdentifier: 'shop', agentIdentifier: 'hxagent' };
    const list = await call('POST', '/gitops/api/v1/applicationsets', body);
    expect(list.status).toBe(200);
    expect(list.json).toMatchObject({ pageIndex: 0 });
    await refused(
      call('POST', `/gitops/api/v1/applicationsets?${scope()}`, body),
      "query parameter 'accountIdentifier' is not a parameter of ApplicationSetServiceList (POST /gitops/api/v1/applicationsets); it takes none",
    );
    await refused(call('POST', '/gitops/api/v1/applicationsets', { pageSize: 10 }), 'accountIdentifier is required');
  });

  it('refuses scope fields in sync, rollback and ApplicationSet create bodies, naming the model', async () => {
    await refused(
      call('POST', `${apps}/risk-prod/sync?${scope()}`, { name: 'risk-prod', prune: false, accountIdentifier: 'acct123' }),
      "body field 'accountIdentifier' of AgentApplicationServiceSync is not in ApplicationsApplicationSyncRequest; it has name, revision,",
    );
    await refused(
      call('POST', `${apps}/risk-prod/rollback?${scope()}`, { id: '1', orgIdentifier: 'default', projectIdentifier: 'shop' }),
      "body fields 'orgIdentifier', 'projectIdentifier' of AgentApplicationServiceRollback are not in ApplicationsApplicationRollbackRequest",
    );
    await refused(
      call('POST', `/gitops/api/v1/applicationset?${scope()}&agentIdentifier=hxagent`, {
        applicationset: {},
        agentIdentifier: 'hxagent',
      }),
      "body field 'agentIdentifier' of ApplicationSetServiceCreate is not in ApplicationsApplicationSetCreateRequest; it has applicationset, upsert, dryRun",
    );
    await refused(
      call('POST', `/gitops/api/v1/applicationset/generate?${scope()}`, { applicationSet: {} }),
      "body field 'applicationSet' of ApplicationSetServiceGenerate is not in ApplicationsApplicationSetGenerateRequest; it has applicationset",
    );
  });

  it('refuses query parameters an operation does not take, and takes those only its spec lists', async () => {
    const revision = (await harnessClient(hx).get(`${apps}/risk-prod`)).json.app.status.sync.revision;
    await refused(
      call('GET', `${apps}/risk-prod/revisions/${revision}/metadata?${scope()}&query.project=default`),
      "query parameter 'query.project' is not a parameter of AgentApplicationServiceRevisionMetadata",
    );
    await refused(
      call('GET', `${apps}/risk-prod/syncwindows?${scope()}&query.appNamespace=argocd`),
      "query parameter 'query.appNamespace' is not a parameter of AgentApplicationServiceGetApplicationSyncWindows",
    );
    await refused(call('GET', `${apps}?${scope()}&query.name=a&query.name=b`), "query parameter 'query.name' of AgentApplicationServiceList takes one value, not 2");
    expect((await call('GET', `${apps}?${scope()}&query.project=default&query.project=other`)).status).toBe(200);
    // the spec (the SDK's doc comment) lists them; the SDK's code does not send them
    expect((await call('GET', `${apps}/risk-prod/resource-tree?${scope()}&query.project=default`)).status).toBe(200);
    await refused(
      call('GET', `/gitops/api/v1/agents/hxagent/projects/default?${scope()}`),
      "query parameter 'routingId' is not a parameter of AgentProjectServiceGet",
    );
    const project = new URLSearchParams(scope());
    project.delete('routingId');
    expect((await call('GET', `/gitops/api/v1/agents/hxagent/projects/default?${project}`)).status).toBe(200);
  });

  it("needs the agent list's type", async () => {
    await refused(call('GET', `/gitops/api/v1/agents?${scope()}`), 'type is required (AgentServiceForServerList)');
    expect((await call('GET', `/gitops/api/v1/agents?${scope()}&type=MANAGED_ARGO_PROVIDER`)).status).toBe(200);
  });
});
