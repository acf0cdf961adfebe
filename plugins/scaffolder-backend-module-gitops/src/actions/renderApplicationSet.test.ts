import fs from 'fs';
import os from 'os';
import path from 'path';
import { parse } from 'yaml';
import { InputError } from '@backstage/errors';
import { createRenderApplicationSetAction } from './renderApplicationSet';
import { ApplicationSetSchemaValidator } from './applicationSet/ApplicationSetSchemaValidator';
import { exampleSteps, runAction } from '../__testUtils__/runAction';
import { examples } from './renderApplicationSet.examples';

/** The documented example's service and environments; each test adds its options. */
const { serviceName, repoUrl, environments } = exampleSteps(examples)[0][1]
  .input as {
  serviceName: string;
  repoUrl: string;
  environments: Array<{ name: string; cluster: string; namespace: string }>;
};
const baseInput = { serviceName, repoUrl, environments };

// The first test compiles the ApplicationSet CRD schema (1.4 MB).
jest.setTimeout(60_000);

describe('gitops:applicationset:render', () => {
  const action = createRenderApplicationSetAction();
  let workspacePath: string;

  beforeEach(() => {
    workspacePath = fs.mkdtempSync(path.join(os.tmpdir(), 'render-'));
  });
  afterEach(() => fs.rmSync(workspacePath, { recursive: true, force: true }));

  const run = (input: Record<string, unknown>, isDryRun = false) =>
    runAction(action, input, { isDryRun, workspacePath });

  it('writes a list-generator ApplicationSet that validates against the CRD', async () => {
    const ctx = await run({ ...baseInput, harnessLabels: true });
    const written = fs.readFileSync(
      path.join(workspacePath, 'deploy/applicationset.yaml'),
      'utf8',
    );
    expect(ctx.output).toHaveBeenCalledWith('applicationSet', written);
    expect(ctx.output).toHaveBeenCalledWith(
      'path',
      'deploy/applicationset.yaml',
    );
    const manifest = parse(written);
    expect(ApplicationSetSchemaValidator.get().errors(manifest)).toEqual([]);
    expect(manifest.kind).toBe('ApplicationSet');
    expect(manifest.spec.generators[0].list.elements).toEqual([
      {
        environment: 'dev',
        cluster: 'https://kubernetes.default.svc',
        namespace: 'payments-dev',
      },
      {
        environment: 'prod',
        cluster: 'https://kubernetes.default.svc',
        namespace: 'payments-prod',
      },
    ]);
    const template = manifest.spec.template;
    expect(template.metadata.labels).toEqual({
      'gitops/service': 'payments',
      'gitops/environment': '{{environment}}',
      'harness.io/serviceRef': 'payments',
      'harness.io/envRef': '{{environment}}',
    });
    expect(template.spec.source.path).toBe('deploy/overlays/{{environment}}');
    expect(template.spec.destination).toEqual({
      server: '{{cluster}}',
      namespace: '{{namespace}}',
    });
    expect(template.spec.syncPolicy.automated).toEqual({
      prune: false,
      selfHeal: false,
    });
  });

  it('leaves out Harness labels unless asked', async () => {
    const ctx = await run(baseInput);
    const manifest = parse((ctx.output as jest.Mock).mock.calls[0][1]);
    expect(Object.keys(manifest.spec.template.metadata.labels)).toEqual([
      'gitops/service',
      'gitops/environment',
    ]);
  });

  const twoEnvironments = [
    { name: 'dev', cluster: 'dev-cluster', namespace: 'payments-dev' },
    { name: 'qa', cluster: 'qa-cluster', namespace: 'payments-qa' },
  ];
  const renderWith = async (generator: string) => {
    const outputPath = `out/${generator}.yaml`;
    const ctx = await run({
      ...baseInput,
      environments: twoEnvironments,
      generator,
      outputPath,
    });
    expect(ctx.output).toHaveBeenCalledWith('path', outputPath);
    const manifest = parse(
      fs.readFileSync(path.join(workspacePath, outputPath), 'utf8'),
    );
    expect(ApplicationSetSchemaValidator.get().errors(manifest)).toEqual([]);
    return manifest;
  };

  it('renders a valid ApplicationSet with the list generator and cluster names', async () => {
    const manifest = await renderWith('list');
    expect(manifest.spec.generators).toHaveLength(1);
    expect(manifest.spec.template.spec.destination.name).toBe('{{cluster}}');
  });

  it('renders a valid ApplicationSet with the cluster generator', async () => {
    const manifest = await renderWith('cluster');
    expect(
      manifest.spec.generators.map((g: any) => g.clusters.selector.matchLabels),
    ).toEqual([
      { 'gitops/environment': 'dev' },
      { 'gitops/environment': 'qa' },
    ]);
    expect(manifest.spec.template.spec.destination.server).toBe('{{server}}');
    expect(manifest.spec.template.spec.source.path).toBe(
      'deploy/overlays/{{values.environment}}',
    );
  });

  it('renders a valid ApplicationSet with the git generator', async () => {
    const manifest = await renderWith('git');
    expect(
      manifest.spec.generators.map((g: any) => g.git.directories[0].path),
    ).toEqual(['deploy/overlays/dev', 'deploy/overlays/qa']);
    expect(manifest.spec.template.spec.source.path).toBe('{{path}}');
    expect(manifest.spec.template.spec.destination.name).toBe(
      '{{values.cluster}}',
    );
  });

  it('refuses an uppercase namespace, naming the environment', async () => {
    const envs = [...baseInput.environments];
    envs[1] = { ...envs[1], namespace: 'Payments-Prod' };
    // the scaffolder's schema check: environments take a name or an object,
    // so jsonschema names the item that matches neither
    await expect(run({ ...baseInput, environments: envs })).rejects.toThrow(
      'Invalid input passed to action gitops:applicationset:render, instance.environments[1] is not any of',
    );
    await expect(
      run({ ...baseInput, environments: envs }),
    ).rejects.toBeInstanceOf(InputError);
  });

  it('accepts plain environment names with a default cluster and namespace pattern', async () => {
    const ctx = await run({
      serviceName: 'payments',
      repoUrl: 'https://github.com/acme/payments.git',
      environments: ['dev', { name: 'prod', namespace: 'payments' }],
      defaultCluster: 'in-cluster',
    });
    const manifest = parse((ctx.output as jest.Mock).mock.calls[0][1]);
    expect(manifest.spec.generators[0].list.elements).toEqual([
      { environment: 'dev', cluster: 'in-cluster', namespace: 'payments-dev' },
      { environment: 'prod', cluster: 'in-cluster', namespace: 'payments' },
    ]);
    await expect(
      run({
        ...baseInput,
        environments: ['dev'],
        namespacePattern: 'X_{{environment}}',
      }),
    ).rejects.toThrow(/environments\.0\.namespace/);
  });

  it('refuses an empty environment list', async () => {
    await expect(run({ ...baseInput, environments: [] })).rejects.toThrow(
      'instance.environments does not meet minimum length of 1',
    );
  });

  it('refuses duplicate environments, invalid names and mixed cluster kinds', async () => {
    await expect(
      run({
        ...baseInput,
        environments: [baseInput.environments[0], baseInput.environments[0]],
      }),
    ).rejects.toThrow(/environments: environment names must be unique/);
    await expect(
      run({ ...baseInput, serviceName: 'Payments_API' }),
    ).rejects.toThrow(/serviceName/);
    await expect(
      run({
        ...baseInput,
        environments: [
          baseInput.environments[0],
          { name: 'qa', cluster: 'qa-cluster', namespace: 'payments-qa' },
        ],
      }),
    ).rejects.toThrow(/environments\.1\.cluster/);
    await expect(
      run({ ...baseInput, pathPattern: 'deploy/overlays/dev' }),
    ).rejects.toThrow(/pathPattern/);
  });

  it('writes nothing in a dry run but still outputs the manifest', async () => {
    const ctx = await run(baseInput, true);
    expect(fs.readdirSync(workspacePath)).toEqual([]);
    expect(ctx.output).toHaveBeenCalledWith(
      'applicationSet',
      expect.stringContaining('kind: ApplicationSet'),
    );
  });

  describe('with a full manifest (applicationSet)', () => {
    const manifest = `apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata:
  name: guestbook
spec:
  goTemplate: true
  generators:
    - list:
        elements:
          - env: dev
  template:
    metadata:
      name: 'guestbook-{{.env}}'
    spec:
      project: default
      source:
        repoURL: https://github.com/acme/guestbook.git
        path: '{{.env}}'
      destination:
        server: https://kubernetes.default.svc
        namespace: guestbook
`;

    it('validates and writes it as given', async () => {
      const ctx = await run({ applicationSet: manifest });
      const written = fs.readFileSync(
        path.join(workspacePath, 'deploy/applicationset.yaml'),
        'utf8',
      );
      expect(parse(written)).toEqual(parse(manifest));
      expect(ctx.output).toHaveBeenCalledWith('name', 'guestbook');
    });

    it('refuses builder inputs beside it, another kind, and a manifest the CRD rejects', async () => {
      await expect(
        run({ applicationSet: manifest, serviceName: 'guestbook' }),
      ).rejects.toThrow(/either applicationSet or serviceName, not both/);
      await expect(
        run({
          applicationSet: manifest.replace(
            'kind: ApplicationSet',
            'kind: Application',
          ),
        }),
      ).rejects.toThrow(/not an ApplicationSet/);
      await expect(
        run({
          applicationSet: manifest.replace('project: default', 'project: 7'),
        }),
      ).rejects.toThrow(/\/spec\/template\/spec\/project: must be string/);
    });

    it('cannot ask an agent in a dry run without a gitops backend client', async () => {
      await expect(
        run({ applicationSet: manifest, agentId: 'hub' }, true),
      ).rejects.toThrow(/without a gitops backend client/);
    });
  });

  it.each([
    '../escape.yaml',
    '/etc/applicationset.yaml',
    'deploy/../../x.yaml',
  ])('refuses the output path %s', async outputPath => {
    await expect(run({ ...baseInput, outputPath })).rejects.toBeInstanceOf(
      InputError,
    );
  });

  it('reports CRD schema failures by instance path', () => {
    const errors = ApplicationSetSchemaValidator.get().errors({
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'ApplicationSet',
      metadata: {},
      spec: {
        generators: [],
        template: { metadata: {}, spec: { project: 1 } },
      },
    });
    expect(errors.join('\n')).toMatch(
      /\/spec\/template\/spec\/destination: is required/,
    );
    expect(errors.join('\n')).toMatch(
      /\/spec\/template\/spec\/project: must be string/,
    );
  });
});
