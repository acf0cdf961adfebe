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

  it('lets pickers that allow github.com allow the configured GitHub Enterprise hosts too', async () => {
    const provider = GitOpsTemplateProvider.fromConfig(
      new ConfigReader({
        catalog: { providers: { gitops: { templates: { enabled: true } } } },
        integrations: {
          github: [
            { host: 'localhost:7101', apiBaseUrl: 'http://localhost:7101/api/v3' },
          ],
        },
      }),
      { logger },
    )!;
    const templates = await provider.readTemplates();
    const promote = templates.find(t => t.metadata.name === 'gitops-promote-release')!;
    const repoUrl = (promote.spec as any).parameters[0].properties.repoUrl;
    expect(repoUrl['ui:options'].allowedHosts).toEqual(['github.com', 'localhost:7101']);

    // without other GitHub hosts, the templates are as shipped
    const plain = await new GitOpsTemplateProvider(shippedTemplatesDir(), logger).readTemplates();
    const shipped = plain.find(t => t.metadata.name === 'gitops-promote-release')!;
    expect((shipped.spec as any).parameters[0].properties.repoUrl['ui:options'].allowedHosts).toEqual(['github.com']);
  });
});
