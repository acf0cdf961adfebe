import { TemplateExample } from '@backstage/plugin-scaffolder-node';
import { stringify } from 'yaml';

/** How templates use `gitops:applicationset:render`; each runs in renderApplicationSet.examples.test.ts. */
export const examples: TemplateExample[] = [
  {
    description: 'Deploy a service to dev and prod with a list generator',
    example: stringify({
      steps: [
        {
          id: 'applicationset',
          action: 'gitops:applicationset:render',
          name: 'Render the ApplicationSet',
          input: {
            serviceName: 'payments',
            repoUrl: 'https://github.com/acme/payments.git',
            environments: [
              {
                name: 'dev',
                cluster: 'https://kubernetes.default.svc',
                namespace: 'payments-dev',
              },
              {
                name: 'prod',
                cluster: 'https://kubernetes.default.svc',
                namespace: 'payments-prod',
              },
            ],
            syncPolicy: { automated: true, prune: true, selfHeal: true },
            harnessLabels: true,
          },
        },
      ],
    }),
  },
];
