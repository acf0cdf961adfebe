import type { AgentPermissions } from '../../api';
import { agentRefusal } from './agentReason';

const refusing = (
  identity: AgentPermissions['identity'],
  reason?: string,
): AgentPermissions => ({
  identity,
  actions: {
    refresh: { allowed: true },
    sync: { allowed: false, reason },
    rollback: { allowed: false, reason },
    terminate: { allowed: false, reason },
    action: { allowed: false, reason },
  },
});

describe('agentRefusal', () => {
  it("is the agent's reason for what it refuses, nothing for what it allows", () => {
    const permissions = refusing(
      'harness-acl',
      'Harness access control refuses it: dana@acme.example lacks gitops_gitopsapp_sync on payments-api-qa',
    );
    expect(agentRefusal(permissions, 'sync')).toBe(
      'Harness access control refuses it: dana@acme.example lacks gitops_gitopsapp_sync on payments-api-qa',
    );
    expect(agentRefusal(permissions, 'refresh')).toBeUndefined();
  });

  it('says the agent refuses when it gives no reason', () => {
    expect(agentRefusal(refusing('forwarded-oidc-token'), 'rollback')).toBe(
      'The agent refuses to let you roll back this application.',
    );
    expect(agentRefusal(refusing('forwarded-oidc-token', ' '), 'action')).toBe(
      'The agent refuses to let you run resource actions on this application.',
    );
  });

  it('refuses nothing with the shared credential, or before the answer', () => {
    expect(
      agentRefusal(refusing('shared-credential', 'no'), 'sync'),
    ).toBeUndefined();
    expect(agentRefusal(undefined, 'sync')).toBeUndefined();
  });
});
