import fs from 'node:fs';
import { ConfigReader } from '@backstage/config';
import { mockServices } from '@backstage/backend-test-utils';
import { templateEntityV1beta3Validator } from '@backstage/plugin-scaffolder-common';
import {
  GitOpsTemplateProvider,
  shippedTemplatesDir,
} from './GitOpsTemplateProvider';

const logger = mockServices.logger.mock();

describe('GitOpsTemplateProvider', () => {
  it('is off unless catalog.providers.gitops.templates.enabled says so', () => {
    expect(
      GitOpsTemplateProvider.fromConfig(new ConfigReader({}), { logger }),
    ).toBeUndefined();
    expect(
      GitOpsTemplateProvider.fromConfig(
        new ConfigReader({
          catalog: { providers: { gitops: { templates: { enabled: true } } } },
        }),
        { logger },
      ),
    ).toBeInstanceOf(GitOpsTemplateProvider);
  });

  it('provides the shipped templates, valid and located at their files, in one full mutation', async () => {
    const provider = new GitOpsTemplateProvider(shippedTemplatesDir(), logger);
    const applyMutation = jest.fn();
    await provider.connect({ applyMutation, refresh: jest.fn() });
    expect(applyMutation).toHaveBeenCalledTimes(1);
    const { type, entities } = applyMutation.mock.calls[0][0];
    expect(type).toBe('full');
    const templates = entities.map((e: any) => e.entity);
    expect(templates.map((t: any) => t.metadata.name).sort()).toEqual([
      'gitops-add-environment',
      'gitops-promote-release',
      'gitops-service',
    ]);
    for (const template of templates) {
      expect(await templateEntityV1beta3Validator.check(template)).toBe(true);
      const location =
        template.metadata.annotations['backstage.io/managed-by-location'];
      expect(location).toMatch(/^file:\/.*\/template\.yaml$/);
      expect(fs.existsSync(location.slice('file:'.length))).toBe(true);
    }
    // the service template's skeleton sits beside it, where fetch:template reads it
    const service = templates.find(
      (t: any) => t.metadata.name === 'gitops-service',
    );
    const dir = service.metadata.annotations['backstage.io/managed-by-location']
      .slice('file:'.length)
      .replace(/template\.yaml$/, '');
    expect(fs.existsSync(`${dir}skeleton`)).toBe(true);
  });

  it('names a file that is not a template', async () => {
    const dir = fs.mkdtempSync('/tmp/gitops-templates-');
    fs.mkdirSync(`${dir}/broken`);
    fs.writeFileSync(
      `${dir}/broken/template.yaml`,
      'kind: Component\nmetadata: { name: x }\n',
    );
    await expect(
      new GitOpsTemplateProvider(dir, logger).readTemplates(),
    ).rejects.toThrow(`${dir}/broken/template.yaml is not a software template`);
  });

  /** The repository pickers of the served templates: name, field, hosts and default. */
  const pickers = (templates: any[]) =>
    templates.flatMap(t =>
      t.spec.parameters.flatMap((step: any) =>
        Object.entries(step.properties)
          .filter(([, field]: [string, any]) =>
            /^(GitOps)?RepoUrlPicker$/.test(field['ui:field']),
          )
          .map(([key, field]: [string, any]) => ({
            template: t.metadata.name,
            key,
            allowedHosts: field['ui:options'].allowedHosts,
            default: field.default,
          })),
      ),
    );

  it("serves the repository pickers with the install's GitHub hosts, the first configured one as the default", async () => {
    // npm start's overlay (scripts/sandbox.js): the git host as a GitHub
    // Enterprise integration, the projects allowing its repositories too
    const provider = GitOpsTemplateProvider.fromConfig(
      new ConfigReader({
        catalog: { providers: { gitops: { templates: { enabled: true } } } },
        integrations: {
          github: [
            {
              host: 'localhost:7101',
              apiBaseUrl: 'http://localhost:7101/api/v3',
            },
          ],
        },
        gitops: {
          projects: [
            {
              name: 'payments',
              sourceRepos: [
                'https://github.com/acme/*',
                'http://localhost:7101/acme/*',
              ],
            },
            {
              name: 'checkout',
              sourceRepos: [
                'https://github.com/acme/*',
                'http://localhost:7101/acme/*',
              ],
            },
          ],
        },
      }),
      { logger },
    )!;
    const served = pickers(await provider.readTemplates());
    expect(served.map(p => p.template).sort()).toEqual([
      'gitops-add-environment',
      'gitops-promote-release',
      'gitops-service',
    ]);
    for (const picker of served) {
      // the RepoUrlPicker selects its first allowed host: the git host
      expect(picker).toMatchObject({
        allowedHosts: ['localhost:7101', 'github.com'],
        default: 'localhost:7101?owner=acme',
      });
    }
  });

  it('leaves the hosts as shipped with github.com alone, and starts at an owner only where the projects name one', async () => {
    const serve = async (config: object) =>
      pickers(
        await GitOpsTemplateProvider.fromConfig(
          new ConfigReader({
            catalog: {
              providers: { gitops: { templates: { enabled: true } } },
            },
            ...config,
          }),
          { logger },
        )!.readTemplates(),
      );
    const projects = (...sourceRepos: string[]) => ({
      gitops: { projects: [{ name: 'a', sourceRepos }] },
    });
    // no integrations, no projects: as shipped
    for (const picker of await serve({})) {
      expect(picker).toMatchObject({
        allowedHosts: ['github.com'],
        default: undefined,
      });
    }
    expect(
      (await serve(projects('https://github.com/acme/*')))[0],
    ).toMatchObject({
      allowedHosts: ['github.com'],
      default: 'github.com?owner=acme',
    });
    // several owners, any owner, any repository, another host's owner: no owner
    for (const sourceRepos of [
      ['https://github.com/acme/*', 'https://github.com/globex/*'],
      ['https://github.com/*'],
      ['*'],
      ['https://gitlab.com/acme/*'],
      ['https://*/acme/*'],
    ]) {
      expect({
        sourceRepos,
        default: (await serve(projects(...sourceRepos)))[0].default,
      }).toEqual({
        sourceRepos,
        default: undefined,
      });
    }
    // a negation allows nothing; an install that configures github.com first keeps it first
    expect(
      (
        await serve({
          ...projects(
            '!https://github.com/other/*',
            'https://ghe.example.com/platform/*',
          ),
          integrations: {
            github: [{ host: 'github.com' }, { host: 'ghe.example.com' }],
          },
        })
      )[0],
    ).toMatchObject({
      allowedHosts: ['github.com', 'ghe.example.com'],
      default: undefined,
    });
    expect(
      (
        await serve({
          ...projects('https://ghe.example.com/platform/*'),
          integrations: { github: [{ host: 'ghe.example.com' }] },
        })
      )[0],
    ).toMatchObject({
      allowedHosts: ['ghe.example.com', 'github.com'],
      default: 'ghe.example.com?owner=platform',
    });

    // the shipped templates themselves are unchanged
    const shipped = pickers(
      await new GitOpsTemplateProvider(
        shippedTemplatesDir(),
        logger,
      ).readTemplates(),
    );
    for (const picker of shipped) {
      expect(picker).toMatchObject({
        allowedHosts: ['github.com'],
        default: undefined,
      });
    }
  });

  it("serves the GitOps plugin's repository picker as the scaffolder's", async () => {
    const dir = fs.mkdtempSync('/tmp/gitops-templates-');
    fs.mkdirSync(`${dir}/service`);
    fs.writeFileSync(
      `${dir}/service/template.yaml`,
      [
        'apiVersion: scaffolder.backstage.io/v1beta3',
        'kind: Template',
        'metadata: { name: service }',
        'spec:',
        '  parameters:',
        '    - properties:',
        '        repoUrl:',
        '          type: string',
        '          ui:field: GitOpsRepoUrlPicker',
        '          ui:options: { allowedHosts: [github.com], repoNameField: name }',
        '  steps: []',
        '',
      ].join('\n'),
    );
    const served = await new GitOpsTemplateProvider(dir, logger, {
      githubHosts: ['localhost:7101', 'github.com'],
      sourceRepos: ['http://localhost:7101/acme/*'],
    }).readTemplates();
    expect(pickers(served)).toEqual([
      {
        template: 'service',
        key: 'repoUrl',
        allowedHosts: ['localhost:7101', 'github.com'],
        default: 'localhost:7101?owner=acme',
      },
    ]);
  });
});
