import {
  createApplicationMatcher,
  GitOpsApplication,
  GitOpsEntityQuery,
  GITOPS_LABEL_SERVICE,
  HARNESS_LABEL_SERVICE_REF,
  parseLabelSelector,
  stripHarnessScope,
} from '@gitops-suite/plugin-gitops-common';
import { KeyIndex } from '../fleet/KeyIndex';

interface Watched {
  query: GitOpsEntityQuery;
  matches: (app: GitOpsApplication) => boolean;
  terms: string[];
}

/** Terms an entity query is found under (empty: it is checked for every app). */
function queryTerms(query: GitOpsEntityQuery): string[] | undefined {
  const terms = [
    ...query.services.flatMap(s => [`g:${s}`, `h:${stripHarnessScope(s)}`]),
    ...query.applications.map(named => `n:${named.name}`),
    ...(query.applicationSets ?? []).map(set => `s:${set}`),
  ];
  if (query.selector !== undefined) {
    const positive = parseLabelSelector(query.selector).requirements.find(
      r =>
        r.operator === 'equals' ||
        r.operator === 'in' ||
        r.operator === 'exists',
    );
    // a selector of only `!=`, `notin` or `!key` may match any application
    if (!positive) return undefined;
    if (positive.operator === 'exists') terms.push(`k:${positive.key}`);
    else terms.push(...positive.values.map(v => `l:${positive.key}=${v}`));
  }
  // a query that selects nothing selects every application (of its agents)
  return terms.length ? terms : undefined;
}

/** Terms an application is found under. */
function applicationTerms(app: GitOpsApplication): string[] {
  const terms = [`n:${app.name}`];
  const own = (key: string) =>
    Object.prototype.hasOwnProperty.call(app.labels, key)
      ? app.labels[key]
      : undefined;
  const service = own(GITOPS_LABEL_SERVICE);
  if (service !== undefined) terms.push(`g:${service}`);
  const ref = own(HARNESS_LABEL_SERVICE_REF);
  if (ref !== undefined) terms.push(`h:${stripHarnessScope(ref)}`);
  if (app.applicationSet) terms.push(`s:${app.applicationSet}`);
  for (const [key, value] of Object.entries(app.labels)) {
    terms.push(`k:${key}`, `l:${key}=${value}`);
  }
  return terms;
}

/**
 * The entities whose pages this replica has served, by the GitOps query of
 * their annotations, indexed so that a changed application finds the
 * entities it belongs to without checking every one: the candidates under
 * its service, name, ApplicationSet and labels (plus queries no term can
 * narrow) are checked with the query's own matcher. Bounded: the entity
 * looked up longest ago goes first.
 */
export class EntityQueryIndex {
  private readonly watched = new Map<string, Watched>();
  private readonly byTerm = new KeyIndex();
  private readonly everywhere = new Set<string>();

  constructor(private readonly maxEntities = 10_000) {}

  get size(): number {
    return this.watched.size;
  }

  /** Records (or refreshes) an entity's query; none removes the entity. */
  set(entityRef: string, query: GitOpsEntityQuery | undefined): void {
    this.remove(entityRef);
    if (!query) return;
    let matches: Watched['matches'];
    try {
      matches = createApplicationMatcher(query);
    } catch {
      return; // an invalid selector selects nothing
    }
    const terms = queryTerms(query);
    this.watched.set(entityRef, { query, matches, terms: terms ?? [] });
    if (terms) for (const term of terms) this.byTerm.add(term, entityRef);
    else this.everywhere.add(entityRef);
    for (const oldest of this.watched.keys()) {
      if (this.watched.size <= this.maxEntities) break;
      this.remove(oldest);
    }
  }

  remove(entityRef: string): void {
    const held = this.watched.get(entityRef);
    if (!held) return;
    this.watched.delete(entityRef);
    this.everywhere.delete(entityRef);
    for (const term of held.terms) this.byTerm.remove(term, entityRef);
  }

  /** The entities an application (with its ApplicationSet owner) belongs to. */
  entitiesOf(app: GitOpsApplication): string[] {
    const candidates = this.byTerm.union(applicationTerms(app));
    for (const entityRef of this.everywhere) candidates.add(entityRef);
    return [...candidates].filter(entityRef =>
      this.watched.get(entityRef)!.matches(app),
    );
  }

  /** The entities that may show applications of an agent. */
  entitiesOnAgent(agentId: string): string[] {
    return [...this.watched]
      .filter(
        ([, w]) => !w.query.agents?.length || w.query.agents.includes(agentId),
      )
      .map(([entityRef]) => entityRef);
  }
}
