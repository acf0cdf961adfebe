import type { AuditEvent } from '@gitops-suite/plugin-gitops-common';
import { actorName, portalRequester } from './portalRequester';

const audit = (overrides: Partial<AuditEvent>): AuditEvent => ({
  id: 'a1',
  actor: 'user:default/jane.doe',
  agentId: 'argocd-prod',
  application: 'payments-prod',
  action: 'rollback',
  parameters: { id: 3 },
  outcome: 'succeeded',
  startedAt: '2026-11-24T10:00:00Z',
  ...overrides,
});

const entry = {
  id: 4,
  revision: 'abc',
  initiatedBy: 'admin',
  deployStartedAt: '2026-11-24T10:00:02Z',
  deployedAt: '2026-11-24T10:00:30Z',
};

describe('portalRequester', () => {
  it('finds who asked for a deployment in the audit log', () => {
    expect(portalRequester(entry, [audit({})])?.actor).toBe(
      'user:default/jane.doe',
    );
  });

  it('takes the request closest to the deployment', () => {
    const found = portalRequester(entry, [
      audit({
        id: 'early',
        actor: 'user:default/bob',
        startedAt: '2026-11-24T09:58:30Z',
      }),
      audit({ id: 'close' }),
    ]);
    expect(found?.id).toBe('close');
  });

  it.each([
    ['a failed request', { outcome: 'failed' as const }],
    ['a dry run', { action: 'sync' as const, parameters: { dryRun: true } }],
    ['a refresh', { action: 'refresh' as const }],
    ['a request after the deployment', { startedAt: '2026-11-24T10:05:00Z' }],
    ['a request long before it', { startedAt: '2026-11-24T09:00:00Z' }],
  ])('does not credit %s', (_, overrides) => {
    expect(portalRequester(entry, [audit(overrides)])).toBeUndefined();
  });

  it('names users by their entity name and leaves services as they are', () => {
    expect(actorName('user:default/jane.doe')).toBe('jane.doe');
    expect(actorName('service:external:ci')).toBe('service:external:ci');
  });
});
