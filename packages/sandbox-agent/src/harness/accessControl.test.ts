import { Sandbox, SandboxAgentInfo, startSandbox } from '../startSandbox';
import { smallScenario } from '../testing/smallScenario';
import { FLEET_SCENARIO, request } from '../testing/testClients';

/*
 * Harness's access control check (POST /authz/api/acl) on the example
 * fleet's Harness agent, answered from its `accessControl`.
 */

let sandbox: Sandbox;
let harness: SandboxAgentInfo;

beforeAll(async () => {
  sandbox = await startSandbox({ scenarioPath: FLEET_SCENARIO, log: () => {} });
  harness = sandbox.agent('harness-eu');
});

afterAll(() => sandbox.close());

function check(principal: string, permission: string, app: string | undefined, scope?: Record<string, string>) {
  return {
    principal: { principalIdentifier: principal, principalType: 'USER' },
    permissions: [
      {
        resourceScope: scope ?? {
          accountIdentifier: harness.accountIdentifier!,
          orgIdentifier: harness.orgIdentifier!,
          projectIdentifier: harness.projectIdentifier!,
        },
        resourceType: 'GITOPS_APP',
        ...(app !== undefined ? { resourceIdentifier: app } : {}),
        permission,
      },
    ],
  };
}

function acl(body: unknown, options: { key?: string; account?: string | null } = {}) {
  const account = options.account === undefined ? harness.accountIdentifier! : options.account;
  const query = account === null ? '' : `?accountIdentifier=${encodeURIComponent(account)}`;
  return request(`${harness.url}/authz/api/acl${query}`, {
    method: 'POST',
    headers: { 'x-api-key': options.key ?? harness.token },
    body,
  });
}

async function permitted(principal: string, permission: string, app: string | undefined = 'payments-gateway-qa') {
  const res = await acl(check(principal, permission, app));
  expect(res.status).toBe(200);
  return res.json.data.accessControlList[0].permitted as boolean;
}

describe('Harness access control (POST /authz/api/acl)', () => {
  it('answers as Harness does: the principal and each permission with permitted', async () => {
    const res = await acl(check('ada@acme.example', 'gitops_gitopsapp_sync', 'payments-gateway-qa'));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      status: 'SUCCESS',
      data: {
        principal: { principalIdentifier: 'ada@acme.example', principalType: 'USER' },
        accessControlList: [
          {
            permission: 'gitops_gitopsapp_sync',
            resourceScope: {
              accountIdentifier: 'SandboxAcct9xQ2LmN4pRw',
              orgIdentifier: 'default',
              projectIdentifier: 'payments_platform',
            },
            resourceType: 'GITOPS_APP',
            resourceIdentifier: 'payments-gateway-qa',
            permitted: true,
          },
        ],
      },
      metaData: null,
      correlationId: expect.any(String),
    });
  });

  it('permits ada view, edit and sync; dana only view; cole nothing', async () => {
    for (const permission of ['gitops_gitopsapp_view', 'gitops_gitopsapp_edit', 'gitops_gitopsapp_sync']) {
      expect(await permitted('ada@acme.example', permission)).toBe(true);
    }
    expect(await permitted('ADA@acme.example', 'gitops_gitopsapp_sync')).toBe(true);
    expect(await permitted('ada@acme.example', 'gitops_gitopsapp_delete')).toBe(false);
    expect(await permitted('dana@acme.example', 'gitops_gitopsapp_view')).toBe(true);
    expect(await permitted('dana@acme.example', 'gitops_gitopsapp_sync')).toBe(false);
    expect(await permitted('cole@acme.example', 'gitops_gitopsapp_view')).toBe(false);
    // a permission on every application of the type (no identifier): granted by '*'
    expect(await permitted('ada@acme.example', 'gitops_gitopsapp_sync', undefined)).toBe(true);
  });

  it('checks several permissions at once and permits nothing outside GitOps apps or the agent scope', async () => {
    const body = check('ada@acme.example', 'gitops_gitopsapp_sync', 'risk-scoring-qa');
    body.permissions.push(
      { ...body.permissions[0], resourceType: 'PIPELINE', permission: 'core_pipeline_execute' },
      {
        ...body.permissions[0],
        resourceScope: { accountIdentifier: harness.accountIdentifier!, orgIdentifier: 'default', projectIdentifier: 'other' },
      },
    );
    const res = await acl(body);
    expect(res.json.data.accessControlList.map((a: any) => a.permitted)).toEqual([true, false, false]);
  });

  it('matches application globs', async () => {
    const scenario = smallScenario();
    scenario.agents![1].accessControl = [
      { principal: 'ops@acme.example', permissions: ['gitops_gitopsapp_sync'], applications: ['risk-*'] },
      { principal: 'bot', principalType: 'SERVICE_ACCOUNT', permissions: ['gitops_gitopsapp_sync'] },
    ];
    const small = await startSandbox({ scenario, log: () => {} });
    try {
      const hx = small.agent('hx');
      const ask = async (principal: string, type: string, app: string) =>
        (
          await request(`${hx.url}/authz/api/acl?accountIdentifier=${hx.accountIdentifier}`, {
            method: 'POST',
            headers: { 'x-api-key': hx.token },
            body: {
              principal: { principalIdentifier: principal, principalType: type },
              permissions: [{ resourceType: 'GITOPS_APP', resourceIdentifier: app, permission: 'gitops_gitopsapp_sync' }],
            },
          })
        ).json.data.accessControlList[0].permitted;
      expect(await ask('ops@acme.example', 'USER', 'risk-prod')).toBe(true);
      expect(await ask('ops@acme.example', 'USER', 'web-prod')).toBe(false);
      expect(await ask('bot', 'SERVICE_ACCOUNT', 'web-prod')).toBe(true);
      expect(await ask('bot', 'USER', 'web-prod')).toBe(false);
    } finally {
      await small.close();
    }
  });

  it('refuses a call without the API key, a bad scope or a malformed request', async () => {
    const unauthenticated = await acl(check('ada@acme.example', 'gitops_gitopsapp_sync', 'x'), { key: 'wrong-key-123' });
    expect(unauthenticated.status).toBe(401);
    expect((await acl(check('ada@acme.example', 'gitops_gitopsapp_sync', 'x'), { account: null })).json).toMatchObject({
      status: 'ERROR',
      code: 'INVALID_REQUEST',
      message: 'accountIdentifier is required',
    });
    expect((await acl(check('ada@acme.example', 'gitops_gitopsapp_sync', 'x'), { account: 'other' })).status).toBe(400);
    expect((await acl({ permissions: [] })).status).toBe(400);
    const noPermissions = await acl({ principal: { principalIdentifier: 'ada@acme.example', principalType: 'USER' } });
    expect(noPermissions.json.message).toBe('permissions must be a non-empty list');
  });
});
