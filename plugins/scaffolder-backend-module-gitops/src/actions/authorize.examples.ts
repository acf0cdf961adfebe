import { TemplateExample } from '@backstage/plugin-scaffolder-node';
import { stringify } from 'yaml';
import { gitopsPromotePermission } from '@gitops-suite/plugin-gitops-common';

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
];
