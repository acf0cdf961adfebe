import { mockServices } from '@backstage/backend-test-utils';
import { gitopsProxyPermission } from '@gitops-suite/plugin-gitops-common';
import { useGitOpsTestBackend } from '../testUtils';
import { startRouterFleet } from '../testUtils/routerFleet';

jest.setTimeout(60_000);

/*
 * Every read through the guarded proxy is a low-severity event of
 * Backstage's auditor: a forwarded one succeeds with the agent's status,
 * a refused one fails with the reason, and neither carries a credential.
 */
describe('guarded proxy: auditor events', () => {
  const auditor = mockServices.auditor.mock();
  const env = useGitOpsTestBackend(() =>
    startRouterFleet(undefined, [auditor.factory]),
  );

  beforeEach(() => auditor.createEvent.mockClear());

  /** A request to the proxy as the test user. */
  function proxy(path: string, method: 'get' | 'post' = 'get') {
    return env
      .api()
      [method](`/api/gitops/proxy/${path}`)
      .set('Authorization', env.auth);
  }

  /** The one auditor event the last request created, and its outcome. */
  async function lastEvent() {
    expect(auditor.createEvent).toHaveBeenCalledTimes(1);
    const [options] = auditor.createEvent.mock.calls[0];
    const event = await auditor.createEvent.mock.results[0].value;
    return { options, event };
  }

  it('records a forwarded read as a low-severity success with its status', async () => {
    const res = await proxy('nonprod/api/v1/applications/payments-dev');
    expect(res.status).toBe(200);
    const { options, event } = await lastEvent();
    expect(options).toMatchObject({
      eventId: 'proxy-read',
      severityLevel: 'low',
    });
    // the agent and the path, and nothing else: no header, no credential
    expect(options.meta).toEqual({
      agentId: 'nonprod',
      path: '/proxy/nonprod/api/v1/applications/payments-dev',
    });
    expect(options.request).toBeDefined();
    expect(event.success).toHaveBeenCalledWith({ meta: { status: 200 } });
    expect(event.fail).not.toHaveBeenCalled();
  });

  it('records a path the allowlist refuses as a failure naming why', async () => {
    const res = await proxy('nonprod/_sandbox/secrets');
    expect(res.status).toBe(403);
    const { event } = await lastEvent();
    expect(event.success).not.toHaveBeenCalled();
    const [{ error }] = event.fail.mock.calls[0];
    expect(error.message).toContain('does not forward /_sandbox/secrets');
  });

  it('records a caller without the proxy permission as a failure', async () => {
    env.denied.add(gitopsProxyPermission.name);
    const res = await proxy('nonprod/api/v1/applications');
    expect(res.status).toBe(403);
    const { event } = await lastEvent();
    expect(event.fail).toHaveBeenCalledTimes(1);
    expect(event.success).not.toHaveBeenCalled();
  });

  it('records a write as a failure and forwards nothing', async () => {
    const before = env.agentRequests.length;
    const res = await proxy('nonprod/api/v1/applications', 'post').send({});
    expect(res.status).toBe(403);
    expect(res.body.error.message).toContain('only forwards GET');
    const { event } = await lastEvent();
    expect(event.fail.mock.calls[0][0].error.message).toContain(
      'only forwards GET requests, not POST',
    );
    expect(env.agentRequests.length).toBe(before);
  });
});
