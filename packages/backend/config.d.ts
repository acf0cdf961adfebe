export interface Config {
  permission?: {
    /**
     * Which permission policy the backend installs: `owner` (default: only
     * an entity's owners may operate its GitOps applications and change its
     * ApplicationSets) or `allow-all` (tests and throwaway demos only).
     * @visibility backend
     */
    policy?: 'allow-all' | 'owner';
    /**
     * Users and groups (entity refs) that may change ApplicationSets no
     * catalog entity claims, unregister catalog locations and delete any
     * catalog entity, under the `owner` policy.
     * @visibility backend
     */
    admins?: string[];
  };
}
