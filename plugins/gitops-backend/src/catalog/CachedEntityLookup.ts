import { BackstageCredentials } from '@backstage/backend-plugin-api';
import { Entity } from '@backstage/catalog-model';
import { CatalogService } from '@backstage/plugin-catalog-node';
import {
  getGitOpsEntityQuery,
  GitOpsEntityQuery,
} from '@gitops-suite/plugin-gitops-common';

/** An entity as one caller sees it, and the GitOps query its annotations give. */
export interface EntityLookupResult {
  entity: Entity;
  query?: GitOpsEntityQuery;
}

interface Entry {
  expiresAt: number;
  value: Promise<EntityLookupResult | undefined>;
}

/** Who the catalog answered for: the same caller sees the same entities. */
function callerKey(credentials: BackstageCredentials): string | undefined {
  const principal = credentials.principal as {
    type?: string;
    userEntityRef?: string;
    subject?: string;
  };
  if (principal.type === 'user' && principal.userEntityRef) {
    return `user:${principal.userEntityRef}`;
  }
  if (principal.type === 'service' && principal.subject) {
    return `service:${principal.subject}`;
  }
  return undefined;
}

/**
 * The catalog lookup every entity read starts with (entity ref -> entity
 * and GitOps query), kept briefly per caller so a warm page does not pay a
 * catalog call each time: the catalog's own visibility rules are applied
 * to each caller, and an annotation change shows after `ttlMs` at most.
 * Concurrent lookups of one entity by one caller share one catalog call; a
 * failed call, or an entity the catalog does not have, is not kept. Every entity looked up is reported to
 * `onResolved` (the signals publisher learns which entities are shown).
 */
export class CachedEntityLookup {
  private readonly entries = new Map<string, Entry>();
  private readonly listeners = new Set<
    (entityRef: string, query: GitOpsEntityQuery | undefined) => void
  >();
  private readonly readListeners = new Set<
    (entityRef: string, userEntityRef: string, allowed: boolean) => void
  >();

  constructor(
    private readonly catalog: Pick<CatalogService, 'getEntityByRef'>,
    private readonly options: {
      ttlMs: number;
      /** Bound of the kept lookups; the oldest go first. */
      maxEntries?: number;
      clock?: () => number;
    },
  ) {}

  onResolved(
    listener: (entityRef: string, query: GitOpsEntityQuery | undefined) => void,
  ): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Listens to the permission-checked reads of entities by signed-in users
   * (`allowed` false: the read was refused), as the service layer reports
   * them with {@link CachedEntityLookup.reportRead}: the signals publisher
   * learns who may be told that an entity changed.
   */
  onRead(
    listener: (
      entityRef: string,
      userEntityRef: string,
      allowed: boolean,
    ) => void,
  ): () => void {
    this.readListeners.add(listener);
    return () => this.readListeners.delete(listener);
  }

  /** Reports a user's read of an entity, allowed or refused (see onRead). */
  reportRead(
    entityRef: string,
    credentials: BackstageCredentials,
    allowed: boolean,
  ): void {
    const principal = credentials.principal as {
      type?: string;
      userEntityRef?: string;
    };
    if (principal.type !== 'user' || !principal.userEntityRef) return;
    for (const listener of this.readListeners) {
      try {
        listener(entityRef, principal.userEntityRef, allowed);
      } catch {
        // a listener's failure must not fail the read
      }
    }
  }

  get(
    entityRef: string,
    credentials: BackstageCredentials,
  ): Promise<EntityLookupResult | undefined> {
    const caller = callerKey(credentials);
    if (caller === undefined || this.options.ttlMs <= 0) {
      return this.fetch(entityRef, credentials);
    }
    const now = (this.options.clock ?? Date.now)();
    const key = `${caller}\n${entityRef}`;
    const held = this.entries.get(key);
    if (held && held.expiresAt > now) return held.value;
    const value = this.fetch(entityRef, credentials);
    this.entries.delete(key);
    this.entries.set(key, { expiresAt: now + this.options.ttlMs, value });
    // a failed lookup, or an entity not there (yet), is asked again next time
    const drop = () => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    };
    value.then(found => found || drop(), drop);
    this.evict(now);
    return value;
  }

  /** Drops what an entity's lookups hold (its annotations changed). */
  forget(entityRef: string): void {
    for (const key of [...this.entries.keys()]) {
      if (key.endsWith(`\n${entityRef}`)) this.entries.delete(key);
    }
  }

  private async fetch(
    entityRef: string,
    credentials: BackstageCredentials,
  ): Promise<EntityLookupResult | undefined> {
    const entity = await this.catalog.getEntityByRef(entityRef, {
      credentials,
    });
    if (!entity) return undefined;
    const query = getGitOpsEntityQuery(entity);
    for (const listener of this.listeners) {
      try {
        listener(entityRef, query);
      } catch {
        // a listener's failure must not fail the read
      }
    }
    return { entity, ...(query && { query }) };
  }

  private evict(now: number) {
    const max = this.options.maxEntries ?? 10_000;
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= max && entry.expiresAt > now) break;
      this.entries.delete(key);
    }
  }
}
