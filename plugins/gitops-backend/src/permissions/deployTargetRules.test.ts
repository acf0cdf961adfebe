import {
  AuthorizeResult,
  PolicyDecision,
} from '@backstage/plugin-permission-common';
import { mockCredentials } from '@backstage/backend-test-utils';
import { useGitOpsTestBackend } from '../testUtils';
import { startTrustFleet } from '../testUtils/trustFleet';
import {
  createGitOpsDeployTargetConditionalDecision,
  defaultDeployTargetCriteria,
  gitopsDeployTargetConditions as conditions,
} from './conditionExports';
import { gitopsDeployTargetWritePermission } from '@gitops-suite/plugin-gitops-common';

jest.setTimeout(60_000);

const DASHBOARD =
  '/api/gitops/entity/default/component/storefront-dashboard/applications';
const PAYMENTS = '/api/gitops/entity/default/component/payments/applications';

/*
 * The trust decision as Backstage permission rules on `gitops-deploy-target`:
 * a policy sees it as `gitops.deploytarget.write`, and its conditional
 * decision tightens the trust model or grants an exception. Here
 * storefront-dashboard (team-payments) selects team-checkout's checkout-dev,
 * which the trust model refuses, and payments-dev is team-payments' own.
 */
describe('gitops-deploy-target: the trust model as permission rules', () => {
  let policy: PolicyDecision | undefined;
  const env = useGitOpsTestBackend(() =>
    startTrustFleet({
      conditional: ({ permission }) =>
        permission === gitopsDeployTargetWritePermission.name
          ? policy
          : undefined,
    }),
  );
  afterEach(() => {
    policy = undefined;
  });

  const refresh = (path: string) =>
    env.api().post(`${path}/refresh`).set('Authorization', env.auth).send({});

  it('keeps the trust model where the policy allows without conditions, or answers its own criteria', async () => {
    expect((await refresh(`${DASHBOARD}/nonprod/checkout-dev`)).status).toBe(
      403,
    );
    expect((await refresh(`${PAYMENTS}/nonprod/payments-dev`)).status).toBe(
      200,
    );
    policy = createGitOpsDeployTargetConditionalDecision(
      gitopsDeployTargetWritePermission,
      defaultDeployTargetCriteria(),
    );
    expect((await refresh(`${DASHBOARD}/nonprod/checkout-dev`)).status).toBe(
      403,
    );
    expect((await refresh(`${PAYMENTS}/nonprod/payments-dev`)).status).toBe(
      200,
    );
  });

  it('grants an exception for a project through a conditional decision', async () => {
    policy = createGitOpsDeployTargetConditionalDecision(
      gitopsDeployTargetWritePermission,
      {
        anyOf: [
          defaultDeployTargetCriteria(),
          conditions.isInProject({ projects: ['checkout'] }),
        ],
      },
    );
    const res = await refresh(`${DASHBOARD}/nonprod/checkout-dev`);
    expect(res.status).toBe(200);
  });

  it("tightens the trust model: the owners' own application outside the agents a policy allows is refused", async () => {
    policy = createGitOpsDeployTargetConditionalDecision(
      gitopsDeployTargetWritePermission,
      {
        allOf: [
          defaultDeployTargetCriteria(),
          conditions.isOnAgent({ agents: ['hx'] }),
        ],
      },
    );
    const res = await refresh(`${PAYMENTS}/nonprod/payments-dev`);
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe(
      'Not allowed: gitops.application.refresh on component:default/payments: application payments-dev on agent nonprod does not belong to its owners: the permission policy does not grant gitops.deploytarget.write on it',
    );
  });

  it('refuses every write where the policy denies gitops.deploytarget.write', async () => {
    policy = { result: AuthorizeResult.DENY };
    const res = await refresh(`${PAYMENTS}/nonprod/payments-dev`);
    expect(res.status).toBe(403);
    expect(res.body.error.message).toContain(
      'the permission policy does not grant gitops.deploytarget.write on it',
    );
  });

  it('lists the rules for policy authors (the permission metadata of the plugin)', async () => {
    const res = await env
      .api()
      .get('/api/gitops/.well-known/backstage/permissions/metadata')
      .set('Authorization', mockCredentials.service.header());
    expect(res.status).toBe(200);
    const rules = (
      res.body.rules as Array<{ name: string; resourceType: string }>
    ).filter(r => r.resourceType === 'gitops-deploy-target');
    expect(rules.map(r => r.name).sort()).toEqual([
      'CLAIMS_NO_FOREIGN_ENTITY',
      'DESTINATION_ALLOWED',
      'IS_IN_PROJECT',
      'IS_ON_AGENT',
      'IS_OWNER_PROJECT',
      'REPOSITORY_ALLOWED',
    ]);
    expect(
      (res.body.permissions as Array<{ name: string }>).map(p => p.name),
    ).toContain('gitops.deploytarget.write');
  });
});
