export interface Config {
  /** Configuration of the GitOps plugin suite. */
  gitops?: {
    /**
     * The GitOps agents the portal talks to: Argo CD API servers or Harness
     * GitOps agents. One per environment, region or hub.
     */
    agents?: Array<{
      /**
       * Unique id of the agent, used in URLs and in the `gitops/agents`
       * annotation.
       * @visibility frontend
       */
      id: string;
      /**
       * Provider kind: `argocd`, `harness`, or a kind added by a module.
       * @visibility frontend
       */
      kind: string;
      /** Human-readable title. @visibility frontend */
      title?: string;
      /**
       * Base URL of the agent's API. For Argo CD the server root (paths
       * such as `/api/v1/applications` are appended); for Harness the
       * gateway (paths such as `/gitops/api/v1/agents` are appended).
       */
      url: string;
      /** Link to the agent's own UI, shown next to applications. @visibility frontend */
      uiUrl?: string;
      /** Region the agent serves. @visibility frontend */
      region?: string;
      /** Environments the agent serves (a hint for environment resolution). @visibility frontend */
      environments?: string[];
      /** Per-call timeout in milliseconds (default 5000). */
      timeoutMs?: number;
      /** Credentials. Never sent to the browser, logged or echoed. */
      credentials?: {
        /**
         * Argo CD bearer token, or Harness API key.
         * @visibility secret
         */
        token?: string;
        /**
         * Argo CD local user for `/api/v1/session` sessions.
         */
        username?: string;
        /**
         * Password of the Argo CD local user.
         * @visibility secret
         */
        password?: string;
      };
      /** Harness scoping for `kind: harness` agents. */
      harness?: {
        accountIdentifier: string;
        orgIdentifier?: string;
        projectIdentifier?: string;
        /** The agent identifier, with its scope prefix (`account.x`, `org.x` or `x`). */
        agentIdentifier: string;
      };
    }>;
    /** Logical environments in promotion order. */
    environments?: Array<{
      /** @visibility frontend */
      name: string;
      /** @visibility frontend */
      title?: string;
      /** Promotion order (dev before qa before prod). @visibility frontend */
      order?: number;
      /** @visibility frontend */
      production?: boolean;
      /** Matchers on an application's destination; `*` globs. */
      matchers?: Array<{
        cluster?: string;
        server?: string;
        namespace?: string;
        agent?: string;
      }>;
    }>;
    /** Cache of agent responses (in coreServices.cache). */
    cache?: {
      /** TTL of cached agent reads, seconds (default 15). */
      ttlSeconds?: number;
    };
    /** The scheduled fleet poller that records drift events. */
    poller?: {
      /** How often to poll, seconds (default 30). Set 0 to disable. */
      frequencySeconds?: number;
      /** Timeout of one poll, seconds (default 60). */
      timeoutSeconds?: number;
    };
    /** Delivery metrics (deployment frequency, lead time, CFR, time to restore). */
    metrics?: {
      /**
       * How often the whole fleet's history, failed syncs and health are
       * recorded, seconds (default 300; 0 disables; off while the poller is).
       */
      frequencySeconds?: number;
    };
    /** The guarded proxy to agent APIs. */
    proxy?: {
      /**
       * Extra read paths (regular expressions over the path after the agent
       * base URL) to allow in addition to the built-in allowlist.
       */
      allowedPaths?: string[];
    };
  };
}
