import {
  GitOpsApplication,
  GitOpsApplicationSet,
} from '@gitops-suite/plugin-gitops-common';
import {
  ApplicationSetCreateResult,
  ApplicationSetRef,
  GitOpsAgentError,
  ProviderCallOptions,
} from '@gitops-suite/plugin-gitops-node';
import type { GenerateCallOptions } from '../GenerateBounds';
import { AgentHttpClient } from '../http/AgentHttpClient';
import type {
  AgentCall,
  ArgoApiRouteScheme,
  IdentifiedApplicationSet,
  ListRoute,
} from './argoApiRouteScheme';
import type { ArgoApplication } from './argoCdTypes';
import { normalizeApplication, NormalizeContext } from './normalizeApplication';
import { normalizeApplicationSet } from './normalizeApplicationSet';

function setRef(set: string | ApplicationSetRef): ApplicationSetRef {
  return typeof set === 'string' ? { name: set } : set;
}

/**
 * The ApplicationSet calls of an API that serves Argo CD's payloads, over
 * its route scheme: list, read, create, generate and delete, each answer
 * normalized here, with the identifier the agent gave the set where its
 * API addresses sets by identifier (Harness GitOps).
 */
export class ApplicationSetCalls {
  constructor(
    private readonly http: AgentHttpClient,
    private readonly scheme: ArgoApiRouteScheme,
    private readonly context: NormalizeContext,
  ) {}

  async list(options?: ProviderCallOptions): Promise<GitOpsApplicationSet[]> {
    return (await this.readList(this.scheme.applicationSets, options)).map(
      set => this.normalize(set),
    );
  }

  async get(
    set: string | ApplicationSetRef,
    options?: ProviderCallOptions,
  ): Promise<GitOpsApplicationSet> {
    const ref = setRef(set);
    const call = this.scheme.applicationSet(ref);
    if (call) {
      const raw = await this.http.json<unknown>({
        ...call,
        signal: options?.signal,
      });
      return this.normalize(this.scheme.unwrapApplicationSet(raw));
    }
    return this.normalize(await this.search(ref.name, options));
  }

  async delete(
    set: ApplicationSetRef,
    options?: ProviderCallOptions,
  ): Promise<void> {
    const call =
      this.scheme.deleteApplicationSet(set) ??
      this.scheme.deleteApplicationSet({
        name: set.name,
        id: (await this.search(set.name, options)).id,
      });
    if (!call) {
      throw this.http.error(
        'malformed_response',
        `gave ApplicationSet ${set.name} no identifier to delete it by`,
      );
    }
    await this.http.json<unknown>({ ...call, signal: options?.signal });
  }

  async create(
    manifest: Record<string, unknown>,
    flags: { upsert: boolean; dryRun: boolean },
    options?: ProviderCallOptions,
  ): Promise<ApplicationSetCreateResult> {
    const raw = await this.http.json<unknown>({
      ...this.scheme.createApplicationSet(manifest, flags),
      signal: options?.signal,
    });
    return {
      applicationSet: this.normalize(this.scheme.unwrapApplicationSet(raw)),
      dryRun: flags.dryRun,
    };
  }

  /**
   * The applications the agent's generator produces for `manifest`. With
   * `bounds`, the answer is read up to its byte limit (cut off past it) and
   * counted before any application is normalized.
   */
  async generate(
    manifest: Record<string, unknown>,
    options?: GenerateCallOptions,
  ): Promise<GitOpsApplication[]> {
    const bounds = options?.bounds;
    const answer = await this.http.json<{
      applications?: ArgoApplication[] | null;
    }>({
      ...this.scheme.generateApplicationSet(manifest),
      signal: options?.signal,
      ...(bounds && {
        maxBody: { bytes: bounds.maxResponseBytes, tooLarge: bounds.tooLarge },
      }),
    });
    const applications = Array.isArray(answer?.applications)
      ? answer.applications
      : [];
    if (bounds && applications.length > bounds.maxApplications) {
      throw bounds.tooMany(applications.length);
    }
    return applications.map(app => normalizeApplication(app, this.context));
  }

  /** A set found by the API's own search for its name (exact match). */
  private async search(
    name: string,
    options?: ProviderCallOptions,
  ): Promise<IdentifiedApplicationSet> {
    const route = this.scheme.applicationSetSearch?.(name);
    const found = route
      ? (await this.readList(route, options)).find(
          item => item.set.metadata?.name === name,
        )
      : undefined;
    if (!found) {
      throw new GitOpsAgentError(
        this.context.agentId,
        'not_found',
        `Agent ${this.context.agentId} has no ApplicationSet named ${name}`,
        404,
      );
    }
    return found;
  }

  private normalize({
    set,
    id,
  }: IdentifiedApplicationSet): GitOpsApplicationSet {
    const normalized = normalizeApplicationSet(set, this.context.agentId);
    return id ? { ...normalized, id } : normalized;
  }

  private async readList<T>(
    route: ListRoute<T>,
    options?: ProviderCallOptions,
  ): Promise<T[]> {
    return route.items(
      await this.http.json<unknown>({
        ...(route.call as AgentCall),
        signal: options?.signal,
      }),
    );
  }
}
