import { SchedulerServiceTaskScheduleDefinitionConfig } from '@backstage/backend-plugin-api';

export interface Config {
  catalog?: {
    providers?: {
      /**
       * The GitOps entity provider: environments, clusters and agents of the
       * gitops backend as Resource entities.
       */
      gitops?: {
        /**
         * The owner of the emitted entities (default
         * `group:default/platform-team`).
         */
        owner?: string;
        /**
         * How often the fleet is read (default every 5 minutes, timeout 3
         * minutes).
         */
        schedule?: SchedulerServiceTaskScheduleDefinitionConfig;
        /**
         * The suite's golden-path templates (GitOps service, promote a
         * release, add an environment), shipped in this package: provided
         * to the catalog when enabled. `catalog.rules` must allow `Template`.
         */
        templates?: {
          /** Provide the templates (default false). */
          enabled?: boolean;
        };
      };
    };
  };
}
