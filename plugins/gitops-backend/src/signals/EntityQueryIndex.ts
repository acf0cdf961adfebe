import {
  applicationQueryTerms,
  createApplicationMatcher,
  entityQueryTerms,
  GitOpsApplication,
  GitOpsEntityQuery,
} from '@gitops-suite/plugin-gitops-common';
import { KeyIndex } from '../fleet/KeyIndex';

interface Watched {
  query: GitOpsEntityQuery;
  matches: (app: GitOpsApplication) => boolean;
  terms: string[];
}

/**
 * Terms an entity query is found under (undefined: it is checked for
 * every application): its services, names and ApplicationSets, and the
 * first group of its selector (every application the selector matches
 * has a term of it).
 */
function queryTerms(query: GitOpsEntityQuery): string[] | undefined {
  const terms = entityQueryTerms(query);
  return terms && [...terms.any, ...(terms.selector[0] ?? [])];
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
    const candidates = this.byTerm.union(applicationQueryTerms(app));
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
