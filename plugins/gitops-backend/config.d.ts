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
      /**
       * Lets the agent decide operations as the signed-in user, on top of
       * the portal's own checks (which still apply first). Reads that feed
       * the fleet state keep using `credentials`.
       *
       * - `forward-oidc-token` (Argo CD): the frontend sends the user's
       *   OIDC ID token in the `X-GitOps-User-Token` header; the backend
       *   verifies it against `issuer`'s keys (and `audience`), checks
       *   that it names the Backstage user (the catalog User's
       *   `spec.profile.email`, else its name), and sends it to Argo CD as
       *   the credential of that one operation, so Argo CD's RBAC
       *   (`policy.csv`) applies to the user. Argo CD must trust the same
       *   issuer (`oidc.config`) and list the token's audience in
       *   `oidc.config.allowedAudiences`.
       * - `harness-acl` (Harness): before each operation Harness's access
       *   control (`POST /authz/api/acl`) is asked whether the user's
       *   Harness principal may do it on the application.
       *
       * A missing, expired or foreign token answers 401 and never falls
       * back to `credentials` for that user's operation.
       */
      userIdentity?: {
        /** `forward-oidc-token` or `harness-acl`. */
        mode: 'forward-oidc-token' | 'harness-acl';
        /** forward-oidc-token: the issuer URL of the identity provider Argo CD trusts. */
        issuer?: string;
        /** forward-oidc-token: the audience(s) the ID token must carry. */
        audience?: string | string[];
        /**
         * harness-acl: the user's Harness principal, their catalog email
         * (default) or User entity name.
         */
        principal?: 'email' | 'entity-name';
        /** harness-acl: a User entity annotation holding the principal, used where present. */
        principalAnnotation?: string;
        /**
         * Users whose operations keep using the shared credential (entity
         * refs, e.g. a local guest); for local development only.
         */
        sharedCredentialUsers?: string[];
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
    /**
     * Harness GitOps agents found by account instead of listed one by one:
     * the backend lists the agents of each account (or of its org or
     * project) with AgentServiceForServerList and follows each as if
     * `agents` listed it, adding those that appear and retiring those that
     * go. An entry in `agents` for the same Harness agent takes precedence.
     */
    harness?: {
      accounts?: Array<{
        /**
         * Base URL of the Harness gateway (`https://app.harness.io/gateway`);
         * paths such as `/gitops/api/v1/agents` are appended.
         */
        url: string;
        /** Link to Harness's UI, for the found agents' applications. @visibility frontend */
        uiUrl?: string;
        accountIdentifier: string;
        /** Only the agents of this org (and its projects). */
        orgIdentifier?: string;
        /** Only the agents of this project (needs `orgIdentifier`). */
        projectIdentifier?: string;
        /**
         * The Harness API key every found agent is read and operated with.
         * @visibility secret
         */
        apiKey: string;
        /**
         * The agent types listed (default both: `MANAGED_ARGO_PROVIDER`,
         * `CONNECTED_ARGO_PROVIDER`).
         */
        agentTypes?: string[];
        /**
         * The first part of each found agent's id (default `harness`):
         * `<idPrefix>.<org>.<project>.<agent identifier>`, with the parts
         * the agent's scope has. One per account.
         * @visibility frontend
         */
        idPrefix?: string;
        /** Per-call timeout of the listing and of each found agent, milliseconds (default 5000). */
        timeoutMs?: number;
        /** How often the account's agents are listed again, seconds (default 300). */
        refreshIntervalSeconds?: number;
        /** Environments each found agent serves (a hint, as an agent entry's). @visibility frontend */
        environments?: string[];
      }>;
    };
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
      /**
       * A preview environment: ephemeral applications (one per pull
       * request), shown apart from the promotion chain. Applications
       * labelled gitops/pull-request make theirs one without this.
       * @visibility frontend
       */
      preview?: boolean;
      /** Matchers on an application's destination; `*` globs. */
      matchers?: Array<{
        cluster?: string;
        server?: string;
        namespace?: string;
        agent?: string;
      }>;
    }>;
    /**
     * The fleet state each backend replica keeps in memory, fed by the
     * agents' watch streams (Argo CD and Harness), or by polling an agent
     * that has no stream.
     */
    /**
     * Who owns each Argo CD AppProject (also the AppProject under a Harness
     * agent), and where its applications may deploy to and from. An
     * application belongs to a team by these agent-side facts, never by a
     * catalog entity's claim: operations need the application's project and
     * destination to belong to the entity's owners, and every application an
     * ApplicationSet generates must land in a project, destination and
     * source repository its owners may use. An AppProject's own
     * `gitops/owner` annotation, `spec.destinations` and `spec.sourceRepos`
     * are read too. A project nobody maps: nothing may be created in it, or
     * in a namespace, where the owners have no application yet.
     */
    projects?: Array<{
      /** The AppProject's name. */
      name: string;
      /** Agent ids this entry applies to; every agent when absent. */
      agents?: string[];
      /** Owner entity refs, e.g. `group:default/team-payments`. */
      owners: string[];
      /**
       * Allowed destinations: globs over the cluster's `server` URL or
       * `name`, and the `namespace` (`*`, `?`; a leading `!` denies).
       */
      destinations?: Array<{
        server?: string;
        name?: string;
        namespace?: string;
      }>;
      /** Allowed source repository URLs, as globs (a leading `!` denies). */
      sourceRepos?: string[];
    }>;
    fleet?: {
      /**
       * How often a polled agent's application list is read, seconds
       * (default 30).
       */
      pollIntervalSeconds?: number;
      /**
       * How often a watched agent is re-listed and its streams reopened,
       * seconds (default 600): bounds how long a silently stalled stream
       * can go unnoticed.
       */
      resyncIntervalSeconds?: number;
      /**
       * The longest wait between attempts to reach a lost agent again,
       * seconds (default 30; the waits double up to it, with jitter).
       */
      reconnectMaxSeconds?: number;
      /**
       * Snapshots of the fleet state in the shared cache (backend.cache), so
       * that a new replica starts warm (served stale until its own feeds
       * have read each agent).
       */
      snapshot?: {
        /**
         * Default: on when backend.cache.store is shared (not `memory`,
         * where a new process finds nothing).
         */
        enabled?: boolean;
        /** How often changed snapshots are written, seconds (default 300). */
        writeIntervalSeconds?: number;
        /** How old a snapshot may be to start from, seconds (default 3600). */
        maxAgeSeconds?: number;
      };
    };
    /** Catalog lookups of the entities pages are shown for. */
    catalog?: {
      /**
       * How long an entity's lookup (the entity as one caller sees it and
       * the GitOps query of its annotations) is kept, seconds (default 10;
       * 0 asks the catalog on every read).
       */
      cacheSeconds?: number;
    };
    /** Resource logs streamed to the application drawer and to actions. */
    logs?: {
      /** The most a logs stream sends before it is cut, bytes (default 1048576). */
      maxBytes?: number;
      /**
       * How long a logs stream (a follow) stays open, seconds (default 300);
       * it then ends, saying so.
       */
      maxSeconds?: number;
    };
    /**
     * How much one ApplicationSet may generate, on preview
     * (`applicationsets/generate`) and on create or upsert. A set over a
     * limit is refused, naming it: 400 for the count (before any agent call
     * where the manifest's list, matrix and merge generators tell it), 413
     * for an agent answer over the byte limit (cut off unread).
     */
    applicationSets?: {
      /** The most applications one set may generate (default 500). */
      maxGeneratedApplications?: number;
      /**
       * The most bytes of an agent's generate answer read (default 2097152,
       * 2 MiB); the answer is parsed in one go, so this also bounds how long
       * the backend is busy with it.
       */
      maxGenerateResponseBytes?: number;
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
