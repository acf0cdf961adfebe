import { shippedTemplates } from './__testUtils__/runTemplate';

/*
 * Git writes are deploy writes (issue 37): derived from the shipped
 * templates, every step that writes a repository is preceded by a
 * `gitops:authorize` step that asks the gitops backend about that same
 * repository (its `repoUrl` input, as written in the template), for a
 * permission that writes a repository, before any step reads that
 * repository. A new writing step, or a new action that takes a repoUrl,
 * fails here until it is classified and guarded.
 */

/**
 * Actions that write the repository their `repoUrl` input names: the
 * publish actions of Backstage's SCM modules (a `publish:` action not
 * listed fails the test, so a new one is looked at), the SCM modules'
 * actions that push or change a repository, and the module's
 * `gitops:promote` (it edits the checkout a pull request publishes).
 */
const GIT_WRITES = new Set([
  'publish:github',
  'publish:github:pull-request',
  'publish:gitlab',
  'publish:gitlab:merge-request',
  'publish:bitbucket',
  'publish:bitbucketCloud',
  'publish:bitbucketCloud:pull-request',
  'publish:bitbucketServer',
  'publish:bitbucketServer:pull-request',
  'publish:azure',
  'publish:gerrit',
  'publish:gerrit:review',
  'publish:gitea',
  'github:repo:create',
  'github:repo:push',
  'github:environment:create',
  'github:webhook',
  'github:deployKey:create',
  'github:branch-protection:create',
  'gitlab:repo:push',
  'gitlab:projectDeployToken:create',
  'gitlab:projectVariable:create',
  'gitops:promote',
]);

/**
 * Actions that take a `repoUrl` and write no repository: the decision
 * itself, and the render action (its repoUrl goes into the manifest it
 * writes to the workspace).
 */
const REPO_URL_NO_WRITES = new Set([
  'gitops:authorize',
  'gitops:applicationset:render',
]);

/** The permissions `gitops:authorize` decides a git write for. */
const GIT_WRITE_PERMISSIONS = [
  'gitops.promote',
  'gitops.applicationset.create',
];

interface Step {
  id: string;
  action: string;
  if?: unknown;
  each?: unknown;
  input?: Record<string, unknown>;
}

interface ShippedTemplate {
  name: string;
  steps: Step[];
}

const shipped: ShippedTemplate[] = shippedTemplates().map(({ name, doc }) => ({
  name,
  steps: doc.spec.steps as Step[],
}));

/** The template parameters an expression names (`parameters.repoUrl` -> repoUrl). */
const parametersOf = (value: unknown): string[] => [
  ...new Set(
    [...JSON.stringify(value ?? null).matchAll(/parameters\.(\w+)/g)].map(
      m => m[1],
    ),
  ),
];

/**
 * What is wrong with a template's git writes, one line per step, naming
 * the template and the step; empty when every write is guarded.
 */
function gitWriteProblems(template: ShippedTemplate): string[] {
  const problems: string[] = [];
  const where = (step: Step) =>
    `${template.name}: step ${step.id} (${step.action})`;
  template.steps.forEach((step, index) => {
    const action = String(step.action);
    const repoUrl = step.input?.repoUrl;
    if (action.startsWith('publish:') && !GIT_WRITES.has(action)) {
      problems.push(
        `${where(step)}: an unknown publish action; classify it in GIT_WRITES`,
      );
      return;
    }
    if (!GIT_WRITES.has(action)) {
      if (repoUrl !== undefined && !REPO_URL_NO_WRITES.has(action)) {
        problems.push(
          `${where(
            step,
          )}: takes a repoUrl but is not classified: add it to GIT_WRITES or REPO_URL_NO_WRITES`,
        );
      }
      return;
    }
    if (typeof repoUrl !== 'string' || !repoUrl) {
      problems.push(`${where(step)}: writes a repository without a repoUrl`);
      return;
    }
    const guard = template.steps
      .slice(0, index)
      .find(
        s =>
          s.action === 'gitops:authorize' &&
          s.input?.repoUrl === repoUrl &&
          s.if === undefined &&
          s.each === undefined,
      );
    if (!guard) {
      problems.push(
        `${where(
          step,
        )}: writes ${repoUrl} with no gitops:authorize step before it for that repoUrl`,
      );
      return;
    }
    if (!GIT_WRITE_PERMISSIONS.includes(String(guard.input?.permission))) {
      problems.push(
        `${where(step)}: its gitops:authorize step ${guard.id} asks ${String(
          guard.input?.permission,
        )}, which decides no git write`,
      );
    }
    if (
      action === 'gitops:promote' &&
      guard.input?.entityRef !== step.input?.entityRef
    ) {
      problems.push(
        `${where(step)}: its gitops:authorize step ${guard.id} is for ${String(
          guard.input?.entityRef,
        )}, not for ${String(step.input?.entityRef)}`,
      );
    }
    // nothing reads the repository before it is decided
    const guardIndex = template.steps.indexOf(guard);
    const named = parametersOf(repoUrl);
    for (const earlier of template.steps.slice(0, guardIndex)) {
      const read = parametersOf(earlier.input).filter(p => named.includes(p));
      if (read.length) {
        problems.push(
          `${template.name}: step ${earlier.id} (${earlier.action}) uses ${read
            .map(p => `parameters.${p}`)
            .join(', ')} before gitops:authorize step ${guard.id} decides it`,
        );
      }
    }
  });
  return [...new Set(problems)];
}

/** Steps of the template whose action writes a repository. */
const writingSteps = (template: ShippedTemplate) =>
  template.steps.filter(s => GIT_WRITES.has(String(s.action)));

describe('templates: git writes are deploy writes', () => {
  it('finds the shipped templates and their git writes', () => {
    expect(shipped.map(t => t.name).sort()).toEqual(
      expect.arrayContaining([
        'add-environment',
        'gitops-service',
        'promote-release',
      ]),
    );
    expect(
      Object.fromEntries(
        shipped.map(t => [t.name, writingSteps(t).map(s => s.id)]),
      ),
    ).toEqual(
      expect.objectContaining({
        'add-environment': ['pull-request'],
        'gitops-service': ['publish'],
        'promote-release': ['promote', 'pull-request'],
      }),
    );
  });

  it.each(shipped.map(t => [t.name, t] as const))(
    '%s decides every repository it writes before anything reads it',
    (_name, template) => {
      expect(gitWriteProblems(template)).toEqual([]);
    },
  );

  // the check itself: each shipped template without its authorize steps,
  // or with a publish action nobody classified, fails, naming the step
  it.each(
    shipped
      .filter(t => writingSteps(t).length > 0)
      .map(t => [t.name, t] as const),
  )('refuses %s without its gitops:authorize step', (_name, template) => {
    const stripped = {
      ...template,
      steps: template.steps.filter(s => s.action !== 'gitops:authorize'),
    };
    expect(gitWriteProblems(stripped)).toEqual(
      expect.arrayContaining(
        writingSteps(template).map(step =>
          expect.stringMatching(
            new RegExp(
              `^${template.name}: step ${step.id} \\(${step.action}\\): writes .* with no gitops:authorize step before it for that repoUrl$`,
            ),
          ),
        ),
      ),
    );
  });

  it('refuses an authorize step for another repoUrl, a late one, an unknown publish action and an unclassified repoUrl', () => {
    const template = shipped.find(t => t.name === 'promote-release')!;
    const authorize = template.steps.find(
      s => s.action === 'gitops:authorize',
    )!;
    const others = template.steps.filter(s => s !== authorize);
    const problems = (steps: Step[]) =>
      gitWriteProblems({ name: 'probe', steps });

    expect(
      problems([
        {
          ...authorize,
          input: { ...authorize.input, repoUrl: '${{ parameters.other }}' },
        },
        ...others,
      ]),
    ).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^probe: step promote \(gitops:promote\): writes .* with no gitops:authorize step/,
        ),
      ]),
    );
    // decided only after the fetch step read the repository
    const [fetchStep, ...rest] = others;
    expect(problems([fetchStep, authorize, ...rest])).toEqual([
      'probe: step fetch (fetch:plain) uses parameters.repoUrl before gitops:authorize step authorize decides it',
    ]);
    expect(
      problems([{ ...authorize, if: '${{ parameters.check }}' }, ...others]),
    ).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^probe: step pull-request .* with no gitops:authorize step/,
        ),
      ]),
    );
    expect(
      problems([
        authorize,
        ...others,
        {
          id: 'mirror',
          action: 'publish:somewhere-new',
          input: { repoUrl: authorize.input!.repoUrl },
        },
        {
          id: 'tag',
          action: 'acme:repo:tag',
          input: { repoUrl: authorize.input!.repoUrl },
        },
      ]),
    ).toEqual([
      'probe: step mirror (publish:somewhere-new): an unknown publish action; classify it in GIT_WRITES',
      'probe: step tag (acme:repo:tag): takes a repoUrl but is not classified: add it to GIT_WRITES or REPO_URL_NO_WRITES',
    ]);
  });
});
