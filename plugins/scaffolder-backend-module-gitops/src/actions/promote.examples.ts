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
            // the repository checked out at repoPath: the gitops backend
            // decides the change (its applications must be the owners')
            repoUrl: 'github.com?owner=acme&repo=payments-deploy',
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
