import fc from 'fast-check';
import {
  formatLabelSelector,
  getGitOpsEntityQuery,
  isValidLabelKey,
  isValidLabelValue,
  parseLabelSelector,
} from '@gitops-suite/plugin-gitops-common';

/*
 * Fuzzing the annotation and label-selector parsers with 10,000 generated
 * inputs: half grammar-shaped (valid selectors, then mutated), half
 * arbitrary. Zero crashes: each input either parses into a well-formed
 * result or fails with an InputError whose message names the bad part.
 */

const SELECTOR_RUNS = 6000;
const ANNOTATION_RUNS = 4000;

const keyChar = fc.constantFrom(...'abcxyz019-_.'.split(''));
const labelName = fc
  .string({ unit: keyChar, minLength: 1, maxLength: 12 })
  .map(s => s.replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, '') || 'k');
const labelKey = fc.oneof(
  labelName,
  fc
    .tuple(
      fc.constantFrom('gitops', 'harness.io', 'app.kubernetes.io', 'x.y'),
      labelName,
    )
    .map(([p, n]) => `${p}/${n}`),
);
const labelValue = fc.oneof(labelName, fc.constant(''));
const requirement = fc.oneof(
  fc
    .tuple(labelKey, fc.constantFrom('=', '==', '!='), labelValue)
    .map(([k, o, v]) => `${k}${o}${v}`),
  fc
    .tuple(
      labelKey,
      fc.constantFrom('in', 'notin'),
      fc.array(labelValue, { maxLength: 4 }),
    )
    .map(([k, o, vs]) => `${k} ${o} (${vs.join(',')})`),
  labelKey,
  labelKey.map(k => `!${k}`),
);
const validSelector = fc
  .tuple(
    fc.array(requirement, { minLength: 0, maxLength: 5 }),
    fc.constantFrom(',', ', ', ' , '),
  )
  .map(([rs, separator]) => rs.join(separator));

/** A valid selector with a few characters replaced, inserted or deleted. */
const mutatedSelector = fc
  .tuple(
    validSelector,
    fc.array(
      fc.tuple(
        fc.nat(),
        fc.constantFrom('delete', 'insert', 'replace'),
        fc.constantFrom(
          ...'=!,() \t\n"\\/\u0000\u00e9\ud83d\ude00a-.in'.split(''),
        ),
      ),
      { minLength: 1, maxLength: 4 },
    ),
  )
  .map(([s, edits]) => {
    let out = s;
    for (const [at, op, ch] of edits) {
      const i = out.length ? at % (out.length + 1) : 0;
      if (op === 'delete') out = out.slice(0, i) + out.slice(i + 1);
      else if (op === 'insert') out = out.slice(0, i) + ch + out.slice(i);
      else out = out.slice(0, i) + ch + out.slice(i + 1);
    }
    return out;
  });

const anyText = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({
    unit: fc.constantFrom(...'=!,() in notin a b'.split('')),
    maxLength: 40,
  }),
  fc.string({ unit: 'grapheme-ascii', minLength: 250, maxLength: 400 }),
);

const selectorInput = fc.oneof(validSelector, mutatedSelector, anyText);

/** Checks an error message names the bad part it reports. */
function namesTheBadPart(input: string, message: string): string | undefined {
  if (!message.startsWith(`Invalid label selector "${input}": `)) {
    return 'does not quote the selector';
  }
  const rest = message.slice(`Invalid label selector "${input}": `.length);
  const position = /at position (\d+)/.exec(rest);
  if (!position) return 'names no position';
  const at = Number(position[1]);
  if (at < 1 || at > input.length + 1)
    return `position ${at} is outside the input`;
  const found =
    /but found "((?:.|\n)*)" at position \d+$/.exec(rest) ??
    /^invalid label (?:key|value) "((?:.|\n)*)" at position/.exec(rest);
  if (found) {
    if (!input.slice(at - 1).startsWith(found[1]))
      return `"${found[1]}" is not at position ${at}`;
  } else if (
    !/but found end of selector at position \d+$/.test(rest) ||
    at !== input.length + 1
  ) {
    return 'names neither a token nor the end';
  }
  return undefined;
}

const ANNOTATIONS = [
  'gitops/service',
  'gitops/app-selector',
  'gitops/app-name',
  'gitops/agents',
  'gitops/project',
  'gitops/applicationset',
  'argocd/app-name',
  'argocd/app-selector',
  'argocd/instance-name',
  'argocd/project-name',
  'backstage.io/source-location',
  'gitops/unknown',
];

const appNameValue = fc.oneof(
  fc
    .array(
      fc.oneof(
        labelName,
        fc.tuple(labelName, labelName).map(([a, b]) => `${a}/${b}`),
      ),
      { maxLength: 4 },
    )
    .map(a => a.join(', ')),
  fc.string({ unit: fc.constantFrom(...'ab/, .-'.split('')), maxLength: 30 }),
  anyText,
);
const annotationValue = fc.oneof(appNameValue, selectorInput, anyText);

const entityInput = fc.record(
  {
    name: fc.oneof(labelName, fc.constant(''), anyText),
    namespace: fc.option(fc.constantFrom('default', 'team-a', ''), {
      nil: undefined,
    }),
    annotations: fc.option(
      fc.dictionary(
        fc.oneof(
          { weight: 5, arbitrary: fc.constantFrom(...ANNOTATIONS) },
          { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
        ),
        annotationValue,
        { maxKeys: 6 },
      ),
      { nil: undefined, freq: 10 },
    ),
    junk: fc.option(
      fc.dictionary(
        fc.constantFrom(...ANNOTATIONS),
        fc.oneof(
          fc.integer(),
          fc.constant(null),
          fc.object({ maxDepth: 1 }),
          fc.array(fc.string()),
        ) as fc.Arbitrary<unknown>,
        { maxKeys: 2 },
      ),
      { nil: undefined },
    ),
  },
  { requiredKeys: ['name'] },
);

describe('parser fuzzing', () => {
  const counts = {
    selectors: 0,
    parsed: 0,
    rejected: 0,
    entities: 0,
    queries: 0,
    notEnabled: 0,
    entityRejected: 0,
    crashes: 0,
  };

  afterAll(() => {
    // eslint-disable-next-line no-console
    console.log(
      `parser fuzzing: ${
        counts.selectors + counts.entities
      } generated inputs (${counts.selectors} label selectors: ${
        counts.parsed
      } parsed, ${counts.rejected} rejected with a named bad part; ${
        counts.entities
      } annotated entities: ${counts.queries} queries, ${
        counts.notEnabled
      } not GitOps-enabled, ${
        counts.entityRejected
      } rejected naming the annotation): ${counts.crashes} crashes`,
    );
  });

  it('parses label selectors or rejects them naming the bad part', () => {
    fc.assert(
      fc.property(selectorInput, input => {
        counts.selectors += 1;
        let parsed;
        try {
          parsed = parseLabelSelector(input);
        } catch (error) {
          if ((error as Error)?.name !== 'InputError') {
            counts.crashes += 1;
            throw new Error(`crash on ${JSON.stringify(input)}: ${error}`);
          }
          const problem = namesTheBadPart(input, (error as Error).message);
          if (problem)
            throw new Error(
              `message for ${JSON.stringify(input)} ${problem}: ${
                (error as Error).message
              }`,
            );
          counts.rejected += 1;
          return;
        }
        counts.parsed += 1;
        for (const r of parsed.requirements) {
          expect(isValidLabelKey(r.key)).toBe(true);
          for (const v of r.values) expect(isValidLabelValue(v)).toBe(true);
        }
        // what it parsed formats back into an equivalent selector
        expect(
          parseLabelSelector(formatLabelSelector(parsed)).requirements,
        ).toEqual(parsed.requirements);
      }),
      { numRuns: SELECTOR_RUNS },
    );
    // the corpus exercises both outcomes
    expect(counts.parsed).toBeGreaterThan(SELECTOR_RUNS / 10);
    expect(counts.rejected).toBeGreaterThan(SELECTOR_RUNS / 10);
  });

  it('reads entity annotations or rejects them naming the annotation', () => {
    fc.assert(
      fc.property(entityInput, input => {
        counts.entities += 1;
        const entity = {
          apiVersion: 'backstage.io/v1alpha1',
          kind: 'Component',
          metadata: {
            name: input.name,
            ...(input.namespace !== undefined && {
              namespace: input.namespace,
            }),
            ...((input.annotations || input.junk) && {
              annotations: { ...input.annotations, ...(input.junk as object) },
            }),
          },
        } as Parameters<typeof getGitOpsEntityQuery>[0];
        let query;
        try {
          query = getGitOpsEntityQuery(entity);
        } catch (error) {
          if ((error as Error)?.name !== 'InputError') {
            counts.crashes += 1;
            throw new Error(
              `crash on ${JSON.stringify(entity.metadata)}: ${error}`,
            );
          }
          const message = (error as Error).message;
          const named = /^Invalid "([^"]+)" annotation on /.exec(message);
          if (!named || !entity.metadata.annotations?.[named[1]]) {
            throw new Error(
              `message does not name a present annotation: ${message}`,
            );
          }
          const value = String(entity.metadata.annotations[named[1]]);
          const bad =
            /: "((?:.|\n)*)" is neither "name" nor "namespace\/name"$/.exec(
              message,
            );
          if (bad && !value.includes(bad[1])) {
            throw new Error(
              `message names "${bad[1]}", not in ${JSON.stringify(value)}`,
            );
          }
          if (!bad && !message.includes('Invalid label selector')) {
            throw new Error(`message names no bad part: ${message}`);
          }
          counts.entityRejected += 1;
          return;
        }
        if (query === undefined) {
          counts.notEnabled += 1;
          return;
        }
        counts.queries += 1;
        for (const app of query.applications) {
          expect(app.name).toMatch(/^\S([\s\S]*\S)?$/);
          expect(app.name).not.toMatch(/[/,]/);
        }
        if (query.selector !== undefined) parseLabelSelector(query.selector);
      }),
      { numRuns: ANNOTATION_RUNS },
    );
    expect(counts.queries).toBeGreaterThan(ANNOTATION_RUNS / 10);
    expect(counts.entityRejected).toBeGreaterThan(ANNOTATION_RUNS / 20);
    expect(counts.selectors + counts.entities).toBeGreaterThanOrEqual(10_000);
  });
});
