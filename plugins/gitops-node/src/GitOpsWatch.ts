/**
 * One change of a watched object, normalized.
 * @public
 */
export interface WatchEvent<T> {
  type: 'ADDED' | 'MODIFIED' | 'DELETED';
  object: T;
}

/**
 * A list together with the version to watch it from.
 * @public
 */
export interface ListSnapshot<T> {
  items: T[];
  /** The list's `metadata.resourceVersion`, to resume a watch from. */
  resourceVersion?: string;
}

/**
 * How to watch: from which version, where events go, and when to stop.
 * @public
 */
export interface WatchOptions<T> {
  /** Resume after this version (from a {@link ListSnapshot}). */
  resourceVersion?: string;
  /** Ends the watch; the returned promise then resolves. */
  signal: AbortSignal;
  /** Called for every event, in order. */
  onEvent: (event: WatchEvent<T>) => void;
  /** Called once the agent accepted the watch (headers received). */
  onOpen?: () => void;
}
