import { TemplateExample } from '@backstage/plugin-scaffolder-node';
import { stringify } from 'yaml';

/** How templates use `gitops:application:sync`; each runs in syncApplications.examples.test.ts. */
export const examples: TemplateExample[] = [
  {
    description: 'Sync the dev application and wait up to five minutes',
    example: stringify({
      steps: [
        {
          id: 'sync',
          action: 'gitops:application:sync',
          name: 'Sync dev',
          input: {
            entityRef: 'component:default/payments',
            agentId: 'hub',
            applications: ['payments-dev'],
            wait: true,
            timeoutSeconds: 300,
          },
        },
      ],
    }),
  },
];
