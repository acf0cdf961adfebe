import { LoggerService } from '@backstage/backend-plugin-api';
import {
  GitOpsAgentError,
  GitOpsProjectInfo,
  hasProviderCapability,
} from '@gitops-suite/plugin-gitops-node';
import { ProviderRegistry } from '../providers/ProviderRegistry';
import { DestinationPattern } from './globMatch';
import { ProjectRule } from './projectRules';

const PROJECT_TTL_MS = 30_000;

/** What is known of one project on one agent. */
export interface ProjectFacts {
  /** The owners config and the AppProject name; empty when nobody says. */
  owners: string[];
  /** Every list must allow a destination (config's, the AppProject's). */
  destinations: Array<{ from: string; patterns: DestinationPattern[] }>;
  /** Every list must allow a source repository. */
  sourceRepos: Array<{ from: string; patterns: string[] }>;
  /**
   * Whether the agent answered forbidden to the portal's token for the
   * AppProject: its applications are hidden from the fleet state too, so
   * where they run is unknown (only config's facts count).
   */
  hidden: boolean;
  /** Whether `gitops.projects` names the project for this agent. */
  configured: boolean;
}

/**
 * The facts of a project the trust model decides on: its `gitops.projects`
 * entry and the AppProject as the agent has it (kept 30 s).
 */
export class ProjectFactsReader {
  private readonly projects = new Map<
    string,
    {
      expiresAt: number;
      value: Promise<{ info?: GitOpsProjectInfo; hidden: boolean }>;
    }
  >();

  constructor(
    private readonly services: {
      rules: ProjectRule[];
      registry: ProviderRegistry;
      logger: LoggerService;
      clock?: () => number;
    },
  ) {}

  /** Config's rule and the AppProject's own facts for one project. */
  async read(
    agentId: string,
    projectName: string | undefined,
  ): Promise<ProjectFacts> {
    const project = projectName || 'default';
    const rule = this.services.rules.find(
      r => r.project === project && (!r.agents || r.agents.includes(agentId)),
    );
    const { info: appProject, hidden } = await this.appProject(
      agentId,
      project,
    );
    const facts: ProjectFacts = {
      hidden,
      configured: !!rule,
      owners: [
        ...new Set([...(rule?.owners ?? []), ...(appProject?.owners ?? [])]),
      ],
      destinations: [],
      sourceRepos: [],
    };
    if (rule?.destinations) {
      facts.destinations.push({
        from: 'gitops.projects',
        patterns: rule.destinations,
      });
    }
    if (appProject?.destinations.length) {
      facts.destinations.push({
        from: 'the AppProject',
        patterns: appProject.destinations,
      });
    }
    if (rule?.sourceRepos) {
      facts.sourceRepos.push({
        from: 'gitops.projects',
        patterns: rule.sourceRepos,
      });
    }
    if (appProject?.sourceRepos.length) {
      facts.sourceRepos.push({
        from: 'the AppProject',
        patterns: appProject.sourceRepos,
      });
    }
    return facts;
  }

  /**
   * The projects `gitops.projects` names for an agent (every agent's
   * included), sorted.
   */
  configuredProjects(agentId: string): string[] {
    return [
      ...new Set(
        this.services.rules
          .filter(r => !r.agents || r.agents.includes(agentId))
          .map(r => r.project),
      ),
    ].sort();
  }

  /**
   * The AppProject as the agent has it, kept briefly: none where the agent
   * has no such project, none and `hidden` where it answers forbidden.
   */
  private appProject(
    agentId: string,
    project: string,
  ): Promise<{ info?: GitOpsProjectInfo; hidden: boolean }> {
    const now = (this.services.clock ?? Date.now)();
    const key = `${agentId}\n${project}`;
    const kept = this.projects.get(key);
    if (kept && kept.expiresAt > now) return kept.value;
    const provider = this.services.registry.get(agentId);
    const value = (
      hasProviderCapability(provider, 'projects')
        ? provider.getProject(project)
        : Promise.resolve(undefined)
    )
      .then(info => ({ info, hidden: false }))
      .catch(error => {
        // a project the portal's token may not read is hidden: its own facts
        // say nothing, and where it runs is unknown (taken, never free); an
        // agent that does not answer fails the check (closed, never open)
        if (error instanceof GitOpsAgentError && error.code === 'forbidden') {
          this.services.logger.debug(
            `AppProject ${project} of agent ${agentId} is not readable: ${error.message}`,
          );
          return { hidden: true };
        }
        this.projects.delete(key);
        throw error;
      });
    if (this.projects.size > 1000) this.projects.clear();
    this.projects.set(key, { expiresAt: now + PROJECT_TTL_MS, value });
    return value;
  }
}
