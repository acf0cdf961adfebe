import { GitOpsAgentError } from '@gitops-suite/plugin-gitops-node';

export interface ArgoCdCredentials {
  token?: string;
  username?: string;
  password?: string;
}

/**
 * Argo CD credentials: a static bearer token, or a local user whose
 * `/api/v1/session` token is fetched on first use and renewed on 401.
 */
export class ArgoCdSessionAuth {
  private sessionToken?: Promise<string>;

  constructor(
    private readonly agentId: string,
    private readonly baseUrl: string,
    private readonly credentials: ArgoCdCredentials,
    private readonly timeoutMs: number,
  ) {
    if (!credentials.token && !(credentials.username && credentials.password)) {
      throw new GitOpsAgentError(
        agentId,
        'unauthorized',
        `Agent ${agentId} has no credentials: set gitops.agents[].credentials.token, or username and password`,
      );
    }
  }

  get canRenew(): boolean {
    return !this.credentials.token;
  }

  secrets(): string[] {
    return [this.credentials.token, this.credentials.password].filter(
      (s): s is string => Boolean(s),
    );
  }

  async headers(): Promise<Record<string, string>> {
    const token = this.credentials.token ?? (await this.session());
    return { authorization: `Bearer ${token}` };
  }

  /** Drops the session token so the next call logs in again. */
  async renew(): Promise<boolean> {
    if (!this.canRenew) return false;
    this.sessionToken = undefined;
    await this.session();
    return true;
  }

  private session(): Promise<string> {
    if (!this.sessionToken) {
      this.sessionToken = this.login();
      this.sessionToken.catch(() => {
        this.sessionToken = undefined;
      });
    }
    return this.sessionToken;
  }

  private async login(): Promise<string> {
    const url = `${this.baseUrl.replace(/\/+$/, '')}/api/v1/session`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username: this.credentials.username,
          password: this.credentials.password,
        }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch {
      throw new GitOpsAgentError(
        this.agentId,
        'unreachable',
        `Agent ${this.agentId} is unreachable for login`,
      );
    }
    if (!response.ok) {
      throw new GitOpsAgentError(
        this.agentId,
        'unauthorized',
        `Agent ${this.agentId} refused the login of user ${this.credentials.username} (${response.status})`,
        response.status,
      );
    }
    const body = (await response.json().catch(() => ({}))) as {
      token?: string;
    };
    if (!body.token) {
      throw new GitOpsAgentError(
        this.agentId,
        'malformed_response',
        `Agent ${this.agentId} answered the login without a token`,
      );
    }
    return body.token;
  }
}
