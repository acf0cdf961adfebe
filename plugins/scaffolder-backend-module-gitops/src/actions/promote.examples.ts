import { TemplateExample } from '@backstage/plugin-scaffolder-node';
import { stringify } from 'yaml';

/** How templates use `gitops:promote`; each runs in promote.examples.test.ts. */
export const examples: TemplateExample[] = [
  {
    description: 'Promote payments 1.4.2 to prod',
    example: stringify({
      steps: [
        {
          id: 'promote',
          action: 'gitops:promote',
          name: 'Bump the prod image tag',
          input: {
            entityRef: 'component:default/payments',
            repoPath: 'repo',
            environment: 'prod',
            image: 'ghcr.io/acme/payments',
            tag: '1.4.2',
          },
        },
      ],
    }),
  },
];
