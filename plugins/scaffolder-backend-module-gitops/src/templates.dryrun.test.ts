import fs from 'fs';
import os from 'os';
import path from 'path';
import { execFileSync } from 'child_process';
import { parse } from 'yaml';
import { mockCredentials } from '@backstage/backend-test-utils';
import { Entity } from '@backstage/catalog-model';
import scaffolderPlugin from '@backstage/plugin-scaffolder-backend';
import scaffolderGithubModule from '@backstage/plugin-scaffolder-backend-module-github';
import { scaffolderModuleGitops } from './module';
import { ApplicationSetSchemaValidator } from './actions/applicationSet/ApplicationSetSchemaValidator';
import {
  GitOpsTestBackend,
  startGitOpsTestBackend,
} from './__testUtils__/startGitOpsTestBackend';
import { hubScenario } from './__testUtils__/hubScenario';
import { expectAcceptedComponent } from './__testUtils__/catalogAcceptance';
import { groupEntity } from './__testUtils__/serviceFixtures';
import { TEMPLATES } from './__testUtils__/runTemplate';
import { kubectl } from './__testUtils__/kubectl';

// starting the scaffolder and compiling the ApplicationSet CRD schema take a few seconds
jest.setTimeout(60_000);

/** The gitops-service template, shipped in the catalog module. */
const TEMPLATE_DIR = path.join(TEMPLATES, 'gitops-service');
// staging is none of the three the skeleton once held overlays for
const ENVIRONMENTS = ['dev', 'staging', 'prod'];

interface DryRunResponse {
  log: Array<{ body: { message: string; stepId?: string; status?: string } }>;
  directoryContents: Array<{ path: string; base64Content: string }>;
  output: { links?: Array<Record<string, unknown>> };
  steps: Array<{ id: string; action: string }>;
}

/** Every file under dir, as paths relative to dir (with '/'). */
function listFiles(dir: string, prefix = ''): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap(entry => {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    return entry.isDirectory()
      ? listFiles(path.join(dir, entry.name), rel)
      : [rel];
  });
}

describe('gitops-service template through the scaffolder dry-run API', () => {
  let backend: GitOpsTestBackend;
  let response: Response;
  let body: DryRunResponse;
  let files: Map<string, string>;
  let workdir: string;

  beforeAll(async () => {
    // the real gitops backend beside the scaffolder: the targets step asks
    // it where the service deploys (agent hub serves these environments on
    // its one cluster, in-cluster)
    backend = await startGitOpsTestBackend({
      scenario: hubScenario('scaffolder-gitops-service-dryrun'),
      // the owner team: the first step decides its write of the repository
      entities: [groupEntity('team-a')],
      environments: ENVIRONMENTS.map((name, order) => ({ name, order })),
      agentConfig: () => ({ environments: ENVIRONMENTS }),
      agentTimeoutMs: 30_000,
      features: [
        scaffolderPlugin,
        scaffolderModuleGitops,
        scaffolderGithubModule,
      ],
      config: { integrations: {} },
    });

    const template = parse(
      fs.readFileSync(path.join(TEMPLATE_DIR, 'template.yaml'), 'utf8'),
    );
    // what the template's fetch steps read: the skeleton and the overlay
    const directoryContents = ['skeleton', 'overlay'].flatMap(dir =>
      listFiles(path.join(TEMPLATE_DIR, dir)).map(file => ({
        path: `${dir}/${file}`,
        base64Content: fs
          .readFileSync(path.join(TEMPLATE_DIR, dir, file))
          .toString('base64'),
      })),
    );

    response = await fetch(
      `http://localhost:${backend.port}/api/scaffolder/v2/dry-run`,
      {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: mockCredentials.user.header(),
        },
        body: JSON.stringify({
          template,
          values: {
            name: 'orders',
            description: 'Takes orders',
            owner: 'group:default/team-a',
            environments: ENVIRONMENTS,
            agentId: 'hub',
            harnessLabels: true,
            repoUrl: 'github.com?owner=acme&repo=orders',
          },
          secrets: {},
          directoryContents,
        }),
      },
    );
    body = await response.json();
    files = new Map(
      (body.directoryContents ?? []).map(f => [
        f.path,
        Buffer.from(f.base64Content, 'base64').toString('utf8'),
      ]),
    );
    workdir = fs.mkdtempSync(path.join(os.tmpdir(), 'dryrun-'));
    for (const [file, content] of files) {
      fs.mkdirSync(path.dirname(path.join(workdir, file)), {
        recursive: true,
      });
      fs.writeFileSync(path.join(workdir, file), content);
    }
  });

  afterAll(async () => {
    if (workdir) fs.rmSync(workdir, { recursive: true, force: true });
    await backend?.stop();
  });

  const messages = () => body.log.map(l => l.body.message);
  /** The inputs a step ran (or was skipped) with, from the dry-run log. */
  const stepInput = (stepId: string) => {
    const prefix = 'in dry-run mode with inputs (secrets redacted): ';
    const entry = body.log.find(
      l => l.body.stepId === stepId && l.body.message.includes(prefix),
    );
    expect(entry).toBeDefined();
    const message = entry!.body.message;
    return JSON.parse(message.slice(message.indexOf(prefix) + prefix.length));
  };

  it('answers the dry run with the log, the rendered files and the output', () => {
    expect({ status: response.status, body }).toMatchObject({
      status: 200,
      body: {
        log: expect.any(Array),
        directoryContents: expect.any(Array),
        output: expect.any(Object),
      },
    });
    expect(body.steps.map(s => s.id)).toEqual([
      'authorize',
      'fetch',
      'overlays',
      'targets',
      'applicationset',
      'publish',
      'register',
      'create-applicationset',
    ]);
    // every step reported completion; none failed
    expect(body.log.filter(l => l.body.status === 'failed')).toEqual([]);
    for (const step of body.steps) {
      expect(
        body.log.some(
          l =>
            l.body.stepId === step.id &&
            ['completed', 'skipped'].includes(l.body.status ?? ''),
        ),
      ).toBe(true);
    }
  });

  it('skips the actions without dry-run support and runs the gitops actions in dry-run mode', () => {
    // action log lines carry a (colored) level prefix, so match them by content
    const expected = [
      // the first step decided the new repository for the owner team
      'gitops.applicationset.create on group:default/team-a writing github.com?owner=acme&repo=orders: allowed for the user who started this task',
      'Skipping because publish:github does not support dry-run',
      'Skipping because catalog:register does not support dry-run',
      'Dry run: would write ApplicationSet orders to deploy/applicationset.yaml',
      'Dry run: would upsert ApplicationSet orders on agent hub',
    ];
    expect(
      expected.filter(text => !messages().some(m => m.includes(text))),
    ).toEqual([]);
    // the template output is rendered from the placeholder outputs that the
    // dry run gives skipped steps
    expect(body.output.links).toEqual([
      { title: 'Repository', url: 'https://github.com/acme/orders' },
      {
        title: 'Open in catalog',
        icon: 'catalog',
      },
      { title: 'ApplicationSet orders on agent hub', url: '/gitops?agent=hub' },
      {
        title: 'Applications: ',
        url: '/gitops?agent=hub&environment=dev&environment=staging&environment=prod',
      },
    ]);
  });

  it('returns the rendered skeleton, without template placeholders', () => {
    const skeleton = listFiles(path.join(TEMPLATE_DIR, 'skeleton'));
    expect([...files.keys()].sort()).toEqual(expect.arrayContaining(skeleton));
    for (const [file, content] of files) {
      expect({ file, placeholder: /\$\{\{/.test(content) }).toEqual({
        file,
        placeholder: false,
      });
    }
    // in dry-run mode the render step does not write the ApplicationSet
    expect(files.has('deploy/applicationset.yaml')).toBe(false);
  });

  it('renders a catalog-info.yaml that the catalog accepts', async () => {
    const entity = parse(files.get('catalog-info.yaml')!) as Entity;
    const enforced = await expectAcceptedComponent(entity);
    expect(enforced).toMatchObject({
      kind: 'Component',
      metadata: {
        name: 'orders',
        namespace: 'default',
        description: 'Takes orders',
        annotations: {
          'gitops/service': 'orders',
          'gitops/app-selector': 'gitops/service=orders',
          'gitops/applicationset': 'orders',
        },
      },
      spec: { owner: 'group:default/team-a' },
    });
  });

  it.each(ENVIRONMENTS)(
    'renders a %s overlay that kubectl kustomize builds',
    env => {
      const out = execFileSync(
        kubectl(),
        ['kustomize', path.join(workdir, 'deploy/overlays', env)],
        { encoding: 'utf8' },
      );
      const docs = out.split(/^---$/m).map(doc => parse(doc));
      expect(docs.map(d => d.kind).sort()).toEqual(['Deployment', 'Service']);
      const deployment = docs.find(d => d.kind === 'Deployment');
      expect(deployment.metadata.name).toBe('orders');
      expect(deployment.metadata.labels['gitops/environment']).toBe(env);
      const container = deployment.spec.template.spec.containers[0];
      // every overlay starts at the skeleton's first version, an ordered tag
      expect(container.image).toBe('ghcr.io/acme/orders:0.1.0');
      expect(container.env[0].value).toBe(env);
      expect(deployment.spec.replicas).toBe(env === 'prod' ? 3 : 1);
    },
  );

  it('renders an overlay for each chosen environment and no other', () => {
    const overlays = [...files.keys()]
      .filter(file => file.startsWith('deploy/overlays/'))
      .sort();
    expect(overlays).toEqual(
      [...ENVIRONMENTS]
        .sort()
        .map(env => `deploy/overlays/${env}/kustomization.yaml`),
    );
  });

  it('renders an ApplicationSet that validates against the CRD', () => {
    expect(stepInput('applicationset')).toMatchObject({
      serviceName: 'orders',
      repoUrl: 'https://github.com/acme/orders.git',
      // each environment on the cluster the agent serves it on, in the
      // owner's project (the targets step asked the gitops backend)
      environments: ENVIRONMENTS.map(name => ({
        name,
        cluster: 'https://kubernetes.default.svc',
      })),
      project: 'shop',
      outputPath: 'deploy/applicationset.yaml',
      harnessLabels: true,
    });
    // the render step's output, as the create step received it
    const created = stepInput('create-applicationset');
    expect(created).toMatchObject({ agentId: 'hub', upsert: true });
    const manifest = parse(created.applicationSet);
    expect(ApplicationSetSchemaValidator.get().errors(manifest)).toEqual([]);
    expect(manifest).toMatchObject({
      kind: 'ApplicationSet',
      metadata: { name: 'orders' },
    });
    const elements = manifest.spec.generators[0].list.elements;
    expect(elements).toEqual(
      ENVIRONMENTS.map(env => ({
        environment: env,
        cluster: 'https://kubernetes.default.svc',
        namespace: `orders-${env}`,
      })),
    );
    expect(manifest.spec.template.spec.source).toMatchObject({
      repoURL: 'https://github.com/acme/orders.git',
      path: 'deploy/overlays/{{environment}}',
    });
    // every overlay the ApplicationSet points at was rendered
    for (const { environment } of elements) {
      expect(
        files.has(`deploy/overlays/${environment}/kustomization.yaml`),
      ).toBe(true);
    }
  });
});
