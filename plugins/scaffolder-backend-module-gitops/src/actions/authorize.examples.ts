import { TemplateExample } from '@backstage/plugin-scaffolder-node';
import { stringify } from 'yaml';
import {
  gitopsApplicationSetCreatePermission,
  gitopsPromotePermission,
} from '@gitops-suite/plugin-gitops-common';

/** How templates use `gitops:authorize`; each runs in authorize.examples.test.ts. */
export const examples: TemplateExample[] = [
  {
    description: 'Only an owner of the service may promote its releases',
    example: stringify({
      steps: [
        {
          id: 'authorize',
          action: 'gitops:authorize',
          name: 'Check permission',
          input: {
            entityRef: 'component:default/payments-api',
            permission: gitopsPromotePermission.name,
          },
        },
      ],
    }),
  },
  {
    description:
      "Before a promotion's pull request: the repository's applications must be the service owners'",
    example: stringify({
      steps: [
        {
          id: 'authorize',
          action: 'gitops:authorize',
          name: 'Check that you may promote this service in its repository',
          input: {
            entityRef: 'component:default/payments-api',
            permission: gitopsPromotePermission.name,
            // the repository the later steps write, as the RepoUrlPicker
            // gives it: every application deployed from it must be the
            // owners', and some must be (a promotion edits a deployment)
            repoUrl: 'github.com?owner=acme&repo=payments-api-deploy',
            deployed: true,
          },
        },
      ],
    }),
  },
  {
    description:
      "Before a new service is published: a new repository (no application deploys from it) is the owner team's to write",
    example: stringify({
      steps: [
        {
          id: 'authorize',
          action: 'gitops:authorize',
          name: 'Check that the team may create the service and its repository',
          input: {
            entityRef: 'group:default/team-a',
            permission: gitopsApplicationSetCreatePermission.name,
            repoUrl: 'github.com?owner=acme&repo=orders',
          },
        },
      ],
    }),
  },
];
