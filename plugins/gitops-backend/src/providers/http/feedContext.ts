import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The header that marks an agent call made by the background feed (watch
 * streams, list resyncs, polls) rather than for a page or an operation, so
 * agent operators and counting proxies can tell the two kinds of traffic
 * apart.
 */
export const FEED_HEADER = 'x-gitops-feed';

const feed = new AsyncLocalStorage<'watch' | 'poll'>();

/** Runs `fn` as background feed: every agent call it makes carries {@link FEED_HEADER}. */
export function runAsFeed<T>(kind: 'watch' | 'poll', fn: () => T): T {
  return feed.run(kind, fn);
}

/** The feed kind of the current call, if it is one. */
export function currentFeed(): 'watch' | 'poll' | undefined {
  return feed.getStore();
}
