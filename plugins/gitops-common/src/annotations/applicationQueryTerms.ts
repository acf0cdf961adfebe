import { parseLabelSelector } from '../selectors';
import type { GitOpsEntityQuery } from './GitOpsEntityQuery';
import type { QueryableApplication } from './applicationMatchesQuery';
import { GITOPS_LABEL_SERVICE } from './labels';
import { stripHarnessScope } from './stripHarnessScope';

/*
 * The index vocabulary of `createApplicationMatcher()`'s rules: an
 * application is found under the terms of its service (`g:`, as its
 * provider normalized it from its labels),
 * name (`n:`), ApplicationSet (`s:`), label keys (`k:`) and labels (`l:`);
 * a query names the terms its applications may be found under.
 */
const serviceTerm = (service: string) => `g:${service}`;
const nameTerm = (name: string) => `n:${name}`;
const applicationSetTerm = (set: string) => `s:${set}`;
const labelKeyTerm = (key: string) => `k:${key}`;
const labelTerm = (key: string, value: string) => `l:${key}=${value}`;

/**
 * The terms an application is found under in an index of applications or
 * of entity queries (see `entityQueryTerms()`): its service, name,
 * ApplicationSet owner, label keys and labels.
 * @public
 */
export function applicationQueryTerms(app: QueryableApplication): string[] {
  const labels = app.labels ?? {};
  const terms = [nameTerm(app.name)];
  if (app.service !== undefined) terms.push(serviceTerm(app.service));
  if (app.applicationSet) terms.push(applicationSetTerm(app.applicationSet));
  for (const [key, value] of Object.entries(labels)) {
    terms.push(labelKeyTerm(key), labelTerm(key, value));
  }
  return terms;
}

/**
 * The terms under which an entity query's applications are found, from
 * `applicationQueryTerms()`'s vocabulary.
 * @public
 */
export interface EntityQueryTerms {
  /** An application with any of these is a candidate (services, names, ApplicationSets). */
  any: string[];
  /**
   * One group per positive requirement of the selector (`=`, `in`,
   * exists): an application the selector matches has a term of every
   * group. Empty when the query has no selector.
   */
  selector: string[][];
}

/**
 * The terms an entity query selects its applications under, so that an
 * index narrows the candidates `createApplicationMatcher()` then decides
 * on. Undefined when no term can narrow them: a query that selects
 * nothing (every application is its), or a selector with only `!=`,
 * `notin` or `!key` requirements (it may match any application).
 *
 * @throws InputError when the query's selector is invalid
 * @public
 */
export function entityQueryTerms(
  query: GitOpsEntityQuery,
): EntityQueryTerms | undefined {
  const any = [
    ...new Set(
      query.services.flatMap(s => [
        serviceTerm(s),
        serviceTerm(stripHarnessScope(s)),
      ]),
    ),
    ...query.applications.map(named => nameTerm(named.name)),
    ...(query.applicationSets ?? []).map(applicationSetTerm),
  ];
  const selector: string[][] = [];
  if (query.selector !== undefined) {
    for (const { key, operator, values } of parseLabelSelector(query.selector)
      .requirements) {
      if (operator === 'equals') selector.push([labelTerm(key, values[0])]);
      else if (operator === 'in')
        selector.push(values.map(value => labelTerm(key, value)));
      else if (operator === 'exists') selector.push([labelKeyTerm(key)]);
    }
    if (!selector.length) return undefined;
  }
  return any.length || selector.length ? { any, selector } : undefined;
}

/**
 * The label selector an agent finds the applications of a query's services
 * by, on its side: `gitops/service in (...)`; empty when the query names no
 * service. A provider adds its own kind's selectors
 * (`GitOpsProvider.serviceSelectors`, Harness's `harness.io/serviceRef`).
 * @public
 */
export function serviceLabelSelectors(services: string[]): string[] {
  if (!services.length) return [];
  return [`${GITOPS_LABEL_SERVICE} in (${services.join(',')})`];
}
