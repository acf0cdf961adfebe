import fs from 'fs';
import os from 'os';
import path from 'path';
import { parse as parseYaml } from 'yaml';
import { createMockActionContext } from '@backstage/plugin-scaffolder-node-test-utils';
import {
  CorpusEntry,
  REAL_WORLD_CORPUS_SCENARIO,
  loadRealWorldCorpus,
} from '@gitops-suite/sandbox-agent';
import { ApplicationSetSchemaValidator } from './ApplicationSetSchemaValidator';
import { createRenderApplicationSetAction } from '../renderApplicationSet';
import {
  gitopsEntity,
  startGitOpsTestBackend,
  useGitOpsTestBackend,
} from '../../__testUtils__/startGitOpsTestBackend';

jest.setTimeout(120_000);

/*
 * The real-world ApplicationSet corpus of the sandbox package through the
 * scaffolder module: the CRD validator (with the API server's pruning), and
 * gitops:applicationset:render with each file as a full manifest, whose
 * dry run asks a sandbox agent, through the real gitops backend, which
 * Applications it would generate. Expected outcomes come from the
 * `<name>.expected.yaml` files, derived from Argo CD's source.
 */
const corpus = loadRealWorldCorpus();
const validator = ApplicationSetSchemaValidator.get();

/** The validator's errors an expectation describes (none when valid). */
function expectedValidatorErrors(entry: CorpusEntry) {
  const expected = entry.expected.validator;
  return expected === 'valid'
    ? []
    : expected.invalid.map(part => expect.stringContaining(part));
}

/** What the render action's dry run gives: the agent's Applications or its refusal. */
/** Argo CD's refusal of a templated project, which the backend gives first. */
const TEMPLATED_PROJECT =
  'InputError: error validating ApplicationSets: the Argo CD API does not currently support creating ApplicationSets with templated `project` fields';

function expectedDryRun(entry: CorpusEntry) {
  const generated = entry.expected.generated;
  const project = (entry.manifest as any)?.spec?.template?.spec?.project;
  if (typeof project === 'string' && project.includes('{{')) {
    return { refused: expect.stringContaining(TEMPLATED_PROJECT) };
  }
  // a destination the agent leaves as a template names no cluster of it:
  // the trust model refuses it (unknown is taken, never free)
  const destination = (entry.manifest as any)?.spec?.template?.spec
    ?.destination;
  if (
    Array.isArray(generated) &&
    typeof destination?.name === 'string' &&
    destination.name.includes('{{') &&
    generated.some(name => name.includes('{{'))
  ) {
    return { refused: expect.stringContaining('is not a cluster of agent') };
  }
  return Array.isArray(generated)
    ? { applications: [...new Set(generated)].sort() }
    : {
        // The backend passes the agent's refusal on (shortened).
        refused: expect.stringContaining(
          `"GitOpsAgentError","message":"Agent ${entry.expected.agent} `,
        ),
      };
}

describe('the real-world ApplicationSet corpus in the scaffolder module', () => {
  it.each(corpus.map(e => [e.name, e] as const))(
    'validates %s as the expected outcome says',
    (_name, entry) => {
      expect(validator.errors(entry.manifest)).toEqual(
        expectedValidatorErrors(entry),
      );
    },
  );

  describe('gitops:applicationset:render with a full manifest', () => {
    const scenario = parseYaml(
      fs.readFileSync(REAL_WORLD_CORPUS_SCENARIO, 'utf8'),
    );
    // every project of the corpus is the corpus team's: the previews show
    // what the agent generates, the trust model's refusals are tested apart
    const projects = [
      ...new Set<string>([
        'default',
        ...(scenario.projects ?? []).map((p: { name: string }) => p.name),
        ...corpus
          .map(e => (e.manifest as any)?.spec?.template?.spec?.project)
          .filter((p): p is string => typeof p === 'string' && !!p),
      ]),
    ].map(name => ({ name, owners: ['group:default/team-a'] }));
    const gitops = useGitOpsTestBackend(() =>
      startGitOpsTestBackend({
        scenario,
        entities: [gitopsEntity('corpus')],
        environments: [{ name: 'dev', order: 1 }],
        gitops: { projects },
      }),
    );
    let workspacePath: string;
    const action = () =>
      createRenderApplicationSetAction({ client: gitops.client });

    beforeAll(() => {
      workspacePath = fs.mkdtempSync(path.join(os.tmpdir(), 'render-corpus-'));
    });
    afterAll(() => {
      fs.rmSync(workspacePath, { recursive: true, force: true });
    });

    const valid = corpus.filter(e => e.expected.validator === 'valid');

    it.each(valid.map(e => [e.name, e] as const))(
      'writes %s as given',
      async (_name, entry: CorpusEntry) => {
        const outputPath = `deploy/${entry.name}.yaml`;
        const ctx = createMockActionContext({
          input: { applicationSet: entry.manifest, outputPath } as any,
          workspacePath,
        });
        await action().handler(ctx);
        const written = parseYaml(
          fs.readFileSync(path.join(workspacePath, outputPath), 'utf8'),
        );
        expect(written).toEqual(entry.manifest);
        expect(ctx.output).toHaveBeenCalledWith(
          'name',
          entry.manifest.metadata.name,
        );
      },
    );

    it.each(valid.map(e => [e.name, e] as const))(
      'shows in a dry run what the agent would generate from %s',
      async (_name, entry: CorpusEntry) => {
        const ctx = {
          ...createMockActionContext({
            input: {
              applicationSet: entry.manifest,
              agentId: entry.expected.agent,
              entityRef: 'component:default/corpus',
            } as any,
            workspacePath,
          }),
          isDryRun: true,
        };
        const run = action()
          .handler(ctx)
          .then(() => ({
            applications: (ctx.output as jest.Mock).mock.calls.find(
              ([key]) => key === 'applications',
            )?.[1],
          }))
          .catch((error: Error) => ({ refused: String(error) }));
        expect(await run).toEqual(expectedDryRun(entry));
      },
    );
  });
});
