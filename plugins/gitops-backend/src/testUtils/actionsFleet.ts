import { createBackendPlugin } from '@backstage/backend-plugin-api';
import {
  actionsServiceRef,
  ActionsService,
} from '@backstage/backend-plugin-api/alpha';
import {
  componentEntity,
  configEnvironments,
  GitOpsTestBackend,
  shopNonprodAgent,
  shopProdAgent,
  shopScenario,
  shopService,
  startGitOpsTestBackend,
  useGitOpsTestBackend,
} from '.';
import { AuditRow, auditRows } from './auditLog';

/*
 * The fleet the action tests read and act on (payments and checkout on two
 * Argo CD agents, ledger degraded in prod), in a test backend with
 * Backstage's real actions registry and an assistant backend plugin that
 * calls actions through the actions service, as an MCP backend does.
 */
const scenario = shopScenario('gitops-backend-actions-test', {
  services: [
    shopService('payments', { agents: ['nonprod', 'prod'] }),
    shopService('checkout', {
      agents: ['nonprod', 'prod'],
      overrides: { qa: { health: 'Degraded' } },
    }),
    shopService('ledger', {
      agents: ['prod'],
      overrides: { prod: { health: 'Degraded' } },
    }),
  ],
  agents: [
    shopNonprodAgent({ syncDurationMs: 50 }),
    shopProdAgent({ syncDurationMs: 50 }),
  ],
});

const entity = componentEntity;

const entities = [
  entity('payments', { 'gitops/service': 'payments' }),
  entity('checkout', { 'argocd/app-selector': 'gitops/service=checkout' }),
  entity('plain', {}),
];

export const ACTIONS = '/api/gitops/.backstage/actions/v1/actions';
export const GET_STATUS = 'gitops:get-entity-gitops-status';
export const GET_RESOURCE = 'gitops:get-application-resource';
export const LIST_DEGRADED = 'gitops:list-degraded-applications';
export const REFRESH = 'gitops:refresh-application';
export const SYNC = 'gitops:sync-application';
export const TERMINATE = 'gitops:terminate-operation';
export const RUN_ACTION = 'gitops:run-resource-action';
/** Every action the plugin registers. */
export const ALL_ACTIONS = [
  GET_STATUS,
  GET_RESOURCE,
  LIST_DEGRADED,
  REFRESH,
  SYNC,
  TERMINATE,
  RUN_ACTION,
];

/** The application the action tests act on: payments in production. */
export const PAYMENTS_PROD = {
  entityRef: 'component:default/payments',
  agentId: 'prod',
  application: 'payments-prod',
};

/** The harness of the action tests. */
export interface ActionsFleet extends GitOpsTestBackend {
  /** The actions service as another backend plugin (an assistant) sees it. */
  actionsService: ActionsService;
  /** Invokes an action over the actions registry's HTTP API. */
  invoke(
    id: string,
    input: object,
    header?: string,
  ): ReturnType<ReturnType<GitOpsTestBackend['api']>['post']>;
  /** The application as the sandbox agent itself reports it. */
  rawApplication(agentId: string, name: string): Promise<any>;
  /** The agent's store version: any write to the agent changes it. */
  agentVersion(agentId: string): Promise<string>;
  /** The audit log, newest first, as the audit route answers it. */
  auditRows(): Promise<AuditRow[]>;
}

export async function startActionsFleet(): Promise<ActionsFleet> {
  let actionsService: ActionsService | undefined;
  const assistant = createBackendPlugin({
    pluginId: 'assistant',
    register(reg) {
      reg.registerInit({
        deps: { actions: actionsServiceRef },
        async init({ actions }) {
          actionsService = actions;
        },
      });
    },
  });
  const env = await startGitOpsTestBackend({
    scenario,
    entities,
    environments: configEnvironments,
    config: { backend: { actions: { pluginSources: ['gitops'] } } },
    features: [assistant],
  });
  return {
    ...env,
    actionsService: actionsService!,
    invoke: (id, input, header = env.auth) =>
      env
        .api()
        .post(`${ACTIONS}/${encodeURIComponent(id)}/invoke`)
        .set('Authorization', header)
        .send(input),
    rawApplication: env.agentApplication,
    async agentVersion(agentId) {
      const res = await env.agentFetch(agentId, '/_sandbox/state');
      return (await res.json()).resourceVersion;
    },
    auditRows: () => auditRows(env),
  };
}

/**
 * The action fleet for the enclosing `describe`, with `invoke` usable
 * wherever the fleet is (inside tests and hooks).
 */
export function useActionsFleet() {
  const env = useGitOpsTestBackend(startActionsFleet);
  const invoke: ActionsFleet['invoke'] = (...args) => env.invoke(...args);
  return { env, invoke };
}
