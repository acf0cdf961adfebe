import fs from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import {
  LoggerService,
  resolvePackagePath,
} from '@backstage/backend-plugin-api';
import { Config } from '@backstage/config';
import { Entity } from '@backstage/catalog-model';
import { ScmIntegrations } from '@backstage/integration';
import {
  EntityProvider,
  EntityProviderConnection,
} from '@backstage/plugin-catalog-node';
import { locationAnnotations } from '../locationAnnotations';
import { RepoUrlDefaults, withRepoUrlDefaults } from './repoUrlPickerHosts';

/** The golden-path templates this package ships, beside its dist/. */
export function shippedTemplatesDir(): string {
  return resolvePackagePath(
    '@gitops-suite/plugin-catalog-backend-module-gitops',
    'templates',
  );
}

/**
 * Provides the suite's golden-path software templates (GitOps service,
 * promote a release, add an environment) to the catalog, from the files
 * this package ships, when `catalog.providers.gitops.templates.enabled` is
 * true. Each template is located at its file (`file:` location), so the
 * scaffolder reads its skeleton and overlays from beside it, unchanged.
 * Repository pickers that allow github.com allow the install's GitHub
 * hosts (its `integrations.github`), the first configured one as their
 * default, and start at the owner the projects' `sourceRepos` name there
 * (see withRepoUrlDefaults).
 */
export class GitOpsTemplateProvider implements EntityProvider {
  static fromConfig(
    config: Config,
    options: { logger: LoggerService; directory?: string },
  ): GitOpsTemplateProvider | undefined {
    const enabled =
      config.getOptionalBoolean('catalog.providers.gitops.templates.enabled') ??
      false;
    if (!enabled) return undefined;
    return new GitOpsTemplateProvider(
      options.directory ?? shippedTemplatesDir(),
      options.logger,
      {
        githubHosts: ScmIntegrations.fromConfig(config)
          .github.list()
          .map(i => i.config.host),
        sourceRepos: (
          config.getOptionalConfigArray('gitops.projects') ?? []
        ).flatMap(p => p.getOptionalStringArray('sourceRepos') ?? []),
      },
    );
  }

  constructor(
    private readonly directory: string,
    private readonly logger: LoggerService,
    private readonly repoUrlDefaults: RepoUrlDefaults = { githubHosts: [] },
  ) {}

  getProviderName(): string {
    return 'gitops-templates';
  }

  async connect(connection: EntityProviderConnection): Promise<void> {
    const entities = await this.readTemplates();
    await connection.applyMutation({
      type: 'full',
      entities: entities.map(entity => ({
        entity,
        locationKey: this.getProviderName(),
      })),
    });
    this.logger.info(
      `Provided ${entities.length} GitOps templates from ${this.directory}`,
    );
  }

  /** Every `<dir>/template.yaml`, located at its own file. */
  async readTemplates(): Promise<Entity[]> {
    const dirs = (await fs.readdir(this.directory, { withFileTypes: true }))
      .filter(d => d.isDirectory())
      .map(d => d.name)
      .sort();
    const entities: Entity[] = [];
    for (const dir of dirs) {
      const file = path.join(this.directory, dir, 'template.yaml');
      let text: string;
      try {
        text = await fs.readFile(file, 'utf8');
      } catch {
        continue; // a folder without a template
      }
      const entity = parseYaml(text) as Entity;
      if (entity?.kind !== 'Template' || !entity.metadata?.name) {
        throw new Error(`${file} is not a software template`);
      }
      entity.metadata.annotations = {
        ...entity.metadata.annotations,
        ...locationAnnotations(`file:${file}`),
      };
      entities.push(withRepoUrlDefaults(entity, this.repoUrlDefaults));
    }
    return entities;
  }
}
