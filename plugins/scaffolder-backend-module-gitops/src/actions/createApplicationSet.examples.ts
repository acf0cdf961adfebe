import { TemplateExample } from '@backstage/plugin-scaffolder-node';
import { stringify } from 'yaml';

/** How templates use `gitops:applicationset:create`; each runs in createApplicationSet.examples.test.ts. */
export const examples: TemplateExample[] = [
  {
    description: 'Create the ApplicationSet rendered by an earlier step',
    example: stringify({
      steps: [
        {
          id: 'create-applicationset',
          action: 'gitops:applicationset:create',
          name: 'Create the ApplicationSet',
          input: {
            agentId: 'hub',
            applicationSet: '${{ steps.applicationset.output.applicationSet }}',
            entityRef: 'component:default/payments',
          },
        },
      ],
    }),
  },
];
