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
  origin: 'portal',
  historyId: 4,
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
  it('finds who asked for a deployment: the request the backend linked to it', () => {
    const found = portalRequester(entry, [
      audit({ id: 'other', actor: 'user:default/bob', historyId: 3 }),
      audit({ id: 'linked' }),
    ]);
    expect(found?.id).toBe('linked');
    expect(found?.actor).toBe('user:default/jane.doe');
  });

  it.each([
    ['a request linked to no entry', { historyId: undefined }],
    ['a request linked to another entry', { historyId: 5 }],
    ['the agent row of the entry itself', { origin: 'agent' as const }],
    ['a refresh', { action: 'refresh' as const }],
  ])('does not credit %s', (_, overrides) => {
    expect(portalRequester(entry, [audit(overrides)])).toBeUndefined();
  });

  it('names users by their entity name and leaves services as they are', () => {
    expect(actorName('user:default/jane.doe')).toBe('jane.doe');
    expect(actorName('service:external:ci')).toBe('service:external:ci');
  });
});
