import { mockCredentials } from '@backstage/backend-test-utils';

/**
 * The audit row a succeeded sync with prune of payments-prod (agent prod,
 * component payments) by the mock user leaves, whether it came through the
 * router or the actions registry.
 */
export function prunedPaymentsProdSyncRow(auditId: string) {
  return expect.objectContaining({
    id: auditId,
    actor: mockCredentials.user().principal.userEntityRef,
    entityRef: 'component:default/payments',
    agentId: 'prod',
    application: 'payments-prod',
    action: 'sync',
    parameters: { prune: true },
    outcome: 'succeeded',
  });
}

/**
 * What the audit row of a succeeded resource action (`action` on
 * `resource`) holds, for `toMatchObject`.
 */
export function succeededResourceActionRow(
  auditId: string,
  resource: object,
  action: string,
) {
  return {
    id: auditId,
    action: 'resource.action',
    outcome: 'succeeded',
    parameters: { resource, action },
  };
}
