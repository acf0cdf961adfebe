import fs from 'fs';
import os from 'os';
import path from 'path';
import { execFileSync } from 'child_process';
import { parse } from 'yaml';
import {
  Entity,
  componentEntityV1alpha1Validator,
} from '@backstage/catalog-model';
import { createMockActionContext } from '@backstage/plugin-scaffolder-node-test-utils';
import { createRenderApplicationSetAction } from './actions/renderApplicationSet';
import { ApplicationSetSchemaValidator } from './actions/applicationSet/ApplicationSetSchemaValidator';
import {
  catalogPolicy,
  expectAcceptedComponent,
} from './__testUtils__/catalogAcceptance';
import { shippedTemplates, TEMPLATES } from './__testUtils__/runTemplate';
import { kubectl } from './__testUtils__/kubectl';

// compiling the ApplicationSet CRD schema takes a few seconds (tens on a loaded machine)
jest.setTimeout(60_000);

const MODULE_ACTIONS = [
  'gitops:applicationset:render',
  'gitops:applicationset:create',
  'gitops:application:sync',
  'gitops:promote',
  'gitops:authorize',
  'gitops:deployment:targets',
];
const isBuiltIn = (action: string) =>
  /^(fetch|publish):/.test(action) ||
  ['catalog:register', 'catalog:fetch', 'debug:log'].includes(action);

const templateFiles = shippedTemplates().map(({ file }) => file);

const sampleValues: Record<string, string> = {
  name: 'orders',
  description: 'Takes orders',
  owner: 'group:default/team-a',
  image: 'ghcr.io/acme/orders',
  repoUrl: 'github.com?owner=acme&repo=orders',
  environments: 'dev, qa, prod',
  environment: 'staging',
  tag: '1.2.3',
  replicas: '2',
};

/**
 * Evaluates the few expression forms the skeletons use, the way
 * fetch:template (nunjucks) would: `values.a`, `values.a or values.b`,
 * `values.a or 'text'`, an optional `( ... )` and the filters `dump` and
 * `join(', ')`.
 */
function evaluate(expression: string, values: Record<string, string>) {
  const [head, ...filters] = expression.split('|').map(s => s.trim());
  const terms = head.replace(/^\((.*)\)$/, '$1').split(/\s+or\s+/);
  let value: unknown = undefined;
  for (const term of terms) {
    const literal = /^'(.*)'$/.exec(term);
    if (literal) {
      value = literal[1];
    } else {
      const key = /^values\.(\w+)$/.exec(term)?.[1];
      if (!key) throw new Error(`Unsupported expression ${expression}`);
      if (!(key in values)) throw new Error(`No sample value for ${key}`);
      value = values[key];
    }
    if (value) break;
  }
  for (const filter of filters) {
    if (filter === 'dump') value = JSON.stringify(value);
    else if (/^join\(/.test(filter)) value = String(value);
    else throw new Error(`Unsupported filter ${filter} in ${expression}`);
  }
  return String(value);
}

/** Fills `${{ ... }}` placeholders the way fetch:template would for the samples. */
const fill = (text: string, values: Record<string, string> = sampleValues) =>
  text.replace(/\$\{\{\s*(.*?)\s*\}\}/g, (_m, expression: string) =>
    evaluate(expression, values),
  );

function copyFilled(from: string, to: string) {
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      fs.mkdirSync(target, { recursive: true });
      copyFilled(source, target);
    } else {
      fs.writeFileSync(target, fill(fs.readFileSync(source, 'utf8')));
    }
  }
}

describe('templates', () => {
  it('finds the golden-path templates', () => {
    expect(
      templateFiles.map(f => path.basename(path.dirname(f))).sort(),
    ).toEqual(expect.arrayContaining(['gitops-service', 'promote-release']));
  });

  it.each(templateFiles.map(f => [path.relative(TEMPLATES, f), f]))(
    '%s is a v1beta3 template using known actions only',
    (_name, file) => {
      const template = parse(fs.readFileSync(file, 'utf8'));
      expect(template.apiVersion).toBe('scaffolder.backstage.io/v1beta3');
      expect(template.kind).toBe('Template');
      expect(template.metadata.name).toMatch(/^[a-z0-9-]+$/);
      const unknown = (template.spec.steps as { action: string }[])
        .map(step => step.action)
        .filter(
          action => !isBuiltIn(action) && !MODULE_ACTIONS.includes(action),
        );
      expect(unknown).toEqual([]);
    },
  );

  describe('gitops-service skeleton', () => {
    let workdir: string;
    beforeAll(() => {
      workdir = fs.mkdtempSync(path.join(os.tmpdir(), 'skeleton-'));
      copyFilled(path.join(TEMPLATES, 'gitops-service/skeleton'), workdir);
    });
    afterAll(() => fs.rmSync(workdir, { recursive: true, force: true }));

    it('has a catalog-info.yaml annotated for GitOps', () => {
      const entity = parse(
        fs.readFileSync(path.join(workdir, 'catalog-info.yaml'), 'utf8'),
      );
      expect(entity).toMatchObject({
        apiVersion: 'backstage.io/v1alpha1',
        kind: 'Component',
        metadata: {
          name: 'orders',
          annotations: {
            'gitops/service': 'orders',
            'gitops/app-selector': 'gitops/service=orders',
          },
        },
        spec: { owner: 'group:default/team-a' },
      });
    });

    describe('catalog-info.yaml validated by @backstage/catalog-model', () => {
      const source = fs.readFileSync(
        path.join(TEMPLATES, 'gitops-service/skeleton/catalog-info.yaml'),
        'utf8',
      );
      const render = (values: Record<string, string>) =>
        parse(fill(source, { ...sampleValues, ...values })) as Entity;
      const assertValid = expectAcceptedComponent;

      it('is a valid Component for the sample values', async () => {
        const entity = await assertValid(render({}));
        expect(entity.metadata.namespace).toBe('default');
        expect(entity.metadata.description).toBe('Takes orders');
      });

      it('is valid for the longest name the template allows', async () => {
        const template = parse(
          fs.readFileSync(
            path.join(TEMPLATES, 'gitops-service/template.yaml'),
            'utf8',
          ),
        );
        const nameField = template.spec.parameters[0].properties.name;
        const name = 'a'.repeat(nameField.maxLength);
        expect(name).toMatch(new RegExp(nameField.pattern));
        const entity = await assertValid(render({ name }));
        expect(entity.metadata.name).toBe(name);
        expect(entity.metadata.annotations!['gitops/app-selector']).toBe(
          `gitops/service=${name}`,
        );
      });

      it.each([
        ['no description', ''],
        ['a description with YAML syntax', 'Orders: intake & billing #1'],
        ['a quoted description', `"Orders" aren't 'simple'`],
      ])('keeps the entity valid with %s', async (_what, description) => {
        const entity = await assertValid(render({ description }));
        expect(entity.metadata.description).toBe(description || 'orders');
      });

      it('is refused by the catalog when the owner is missing', async () => {
        const entity = render({});
        delete (entity.spec as any).owner;
        await expect(catalogPolicy.enforce(entity)).resolves.toBeDefined();
        await expect(
          componentEntityV1alpha1Validator.check(entity),
        ).rejects.toThrow(/owner/);
      });
    });

    it('keeps one overlay template: the same file in both templates that add overlays', () => {
      // fetch:template reads only below its template's folder, so each
      // template holds its copy; they must not drift apart
      const read = (template: string) =>
        fs.readFileSync(
          path.join(TEMPLATES, template, 'overlay/kustomization.yaml'),
          'utf8',
        );
      expect(read('gitops-service')).toBe(read('add-environment'));
    });

    it('builds the overlay of the add-environment template next to the skeleton base', () => {
      const target = path.join(workdir, 'deploy/overlays/staging');
      fs.mkdirSync(target, { recursive: true });
      copyFilled(path.join(TEMPLATES, 'add-environment/overlay'), target);
      const out = execFileSync(kubectl(), ['kustomize', target], {
        encoding: 'utf8',
      });
      const deployment = out
        .split(/^---$/m)
        .map(doc => parse(doc))
        .find(d => d.kind === 'Deployment');
      expect(deployment.spec.replicas).toBe(2);
      expect(deployment.metadata.labels['gitops/environment']).toBe('staging');
      expect(deployment.spec.template.spec.containers[0].image).toBe(
        'ghcr.io/acme/orders:1.2.3',
      );
    });

    it("renders the template's ApplicationSet step into a CRD-valid manifest", async () => {
      const template = parse(
        fs.readFileSync(
          path.join(TEMPLATES, 'gitops-service/template.yaml'),
          'utf8',
        ),
      );
      const step = template.spec.steps.find(
        (s: { action: string }) => s.action === 'gitops:applicationset:render',
      );
      const input = {
        ...step.input,
        serviceName: 'orders',
        repoUrl: 'https://github.com/acme/orders.git',
        // what the targets step answers (templates.service.test.ts)
        project: 'shop',
        environments: [
          { name: 'dev', cluster: 'https://kubernetes.default.svc' },
          { name: 'prod', cluster: 'https://kubernetes.default.svc' },
        ],
        harnessLabels: true,
      };
      const ctx = createMockActionContext({ input, workspacePath: workdir });
      await createRenderApplicationSetAction().handler(ctx);
      const manifest = parse(
        fs.readFileSync(
          path.join(workdir, 'deploy/applicationset.yaml'),
          'utf8',
        ),
      );
      expect(ApplicationSetSchemaValidator.get().errors(manifest)).toEqual([]);
      expect(manifest.spec.generators[0].list.elements).toEqual([
        {
          environment: 'dev',
          cluster: 'https://kubernetes.default.svc',
          namespace: 'orders-dev',
        },
        {
          environment: 'prod',
          cluster: 'https://kubernetes.default.svc',
          namespace: 'orders-prod',
        },
      ]);
      // every overlay the ApplicationSet points at is added by the template,
      // one per chosen environment (the dry-run test renders them)
      const overlays = template.spec.steps.find(
        (s: { id: string }) => s.id === 'overlays',
      );
      expect(overlays).toMatchObject({
        each: '${{ parameters.environments }}',
        action: 'fetch:template',
        input: {
          url: './overlay',
          targetPath: './deploy/overlays/${{ each.value }}',
        },
      });
      expect(step.input.pathPattern).toBe('deploy/overlays/{{environment}}');
    });
  });
});
