export interface Config {
  permission?: {
    /**
     * Which permission policy the backend installs: `allow-all` (default,
     * for local use) or `owner` (only an entity's owners may operate its
     * GitOps applications).
     * @visibility backend
     */
    policy?: 'allow-all' | 'owner';
  };
}
