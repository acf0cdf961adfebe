import { TemplateExample } from '@backstage/plugin-scaffolder-node';
import { stringify } from 'yaml';

/** How templates use `gitops:deployment:targets`; each runs in deploymentTargets.examples.test.ts. */
export const examples: TemplateExample[] = [
  {
    description: "Deploy team-a's new service to dev and prod through hub",
    example: stringify({
      steps: [
        {
          id: 'targets',
          action: 'gitops:deployment:targets',
          name: 'Find the project and clusters',
          input: {
            agentId: 'hub',
            owner: 'group:default/team-a',
            environments: ['dev', 'prod'],
          },
        },
      ],
    }),
  },
];
