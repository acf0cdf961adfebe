import { TemplateExample } from '@backstage/plugin-scaffolder-node';
import { stringify } from 'yaml';

/** How templates use `gitops:revert`; each runs in revert.examples.test.ts. */
export const examples: TemplateExample[] = [
  {
    description:
      'Roll the dev application back in Git to the deployment before the current one, with a reason',
    example: stringify({
      steps: [
        {
          id: 'revert',
          action: 'gitops:revert',
          name: 'Revert dev in Git',
          input: {
            entityRef: 'component:default/payments',
            agentId: 'hub',
            application: 'payments-dev',
            reason: 'INC-7: the new release fails payments',
          },
        },
      ],
    }),
  },
];
