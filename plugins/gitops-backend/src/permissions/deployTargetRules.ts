import { createPermissionRule } from '@backstage/plugin-permission-node';
import type { TrustRule } from '../trust/DeploymentTrust';
import {
  deployTargetResourceRef,
  GitOpsDeployTarget,
} from './deployTargetResource';

/** A rule that holds where the trust model finds nothing against `rule`. */
function trustRule(name: string, rule: TrustRule, description: string) {
  return createPermissionRule({
    name,
    description,
    resourceRef: deployTargetResourceRef,
    apply: (target: GitOpsDeployTarget) =>
      !target.problems.some(problem => problem.rule === rule),
    toQuery: () => ({ rule: name }),
  });
}

const isOwnerProject = trustRule(
  'IS_OWNER_PROJECT',
  'project',
  "The application's project (Argo CD AppProject, Harness project) belongs to the owners of the entity the write is made for (gitops.projects, or the AppProject's gitops/owner annotation)",
);

const destinationAllowed = trustRule(
  'DESTINATION_ALLOWED',
  'destination',
  "The application's destination, its cluster resolved as Argo CD resolves it, is one its project allows and no other team's project runs at, names or may hide",
);

const repositoryAllowed = trustRule(
  'REPOSITORY_ALLOWED',
  'repository',
  "Every source repository of the application is one its project's sourceRepos allow",
);

const claimsNoForeignEntity = trustRule(
  'CLAIMS_NO_FOREIGN_ENTITY',
  'claim',
  "The application's labels claim no catalog entity of other owners",
);

/**
 * The parameters of a rule that takes one list of names, as a Standard
 * Schema with its JSON Schema (what the permission framework shows policy
 * authors and validates conditions with).
 */
function namesParams<K extends string>(key: K, description: string) {
  const jsonSchema = {
    type: 'object',
    properties: {
      [key]: { type: 'array', items: { type: 'string' }, description },
    },
    required: [key],
    additionalProperties: false,
  };
  return {
    '~standard': {
      version: 1 as const,
      vendor: 'gitops',
      validate(value: unknown) {
        const names = (value as Record<string, unknown> | null)?.[key];
        return Array.isArray(names) && names.every(n => typeof n === 'string')
          ? { value: { [key]: names } as Record<K, string[]> }
          : {
              issues: [
                { message: `${key} must be a list of strings`, path: [key] },
              ],
            };
      },
      jsonSchema: { input: () => jsonSchema, output: () => jsonSchema },
    },
  };
}

const isInProject = createPermissionRule<
  typeof deployTargetResourceRef,
  { projects: string[] }
>({
  name: 'IS_IN_PROJECT',
  description: 'The application is in one of the given projects',
  resourceRef: deployTargetResourceRef,
  paramsSchema: namesParams('projects', 'Argo CD or Harness project names'),
  apply: (target, { projects }) => projects.includes(target.project),
  toQuery: params => ({ rule: 'IS_IN_PROJECT', params }),
});

const isOnAgent = createPermissionRule<
  typeof deployTargetResourceRef,
  { agents: string[] }
>({
  name: 'IS_ON_AGENT',
  description: 'The application runs through one of the given agents',
  resourceRef: deployTargetResourceRef,
  paramsSchema: namesParams('agents', 'Agent ids of gitops.agents'),
  apply: (target, { agents }) => agents.includes(target.agentId),
  toQuery: params => ({ rule: 'IS_ON_AGENT', params }),
});

/**
 * The permission rules of `gitops-deploy-target`: the trust model's own
 * four, and two to tighten it or grant exceptions by project or agent.
 * @public
 */
export const deployTargetRules = {
  isOwnerProject,
  destinationAllowed,
  repositoryAllowed,
  claimsNoForeignEntity,
  isInProject,
  isOnAgent,
};
