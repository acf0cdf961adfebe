/**
 * Starts a test backend once for the enclosing `describe` (or file), stops
 * it after, and clears its denied permissions after each test, as
 * `TestDatabases.create()` registers its own hooks. It answers a stand-in
 * that reaches the started backend, usable inside tests and hooks:
 *
 * ```ts
 * const env = useGitOpsTestBackend(() => startGitOpsTestBackend({ ... }));
 * it('reads', async () => { await env.api().get('/api/gitops/health'); });
 * ```
 * @public
 */
export function useGitOpsTestBackend<
  T extends { stop(): Promise<void>; denied: Set<string> },
>(start: () => Promise<T>): T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  });
  afterAll(() => started?.stop());
  afterEach(() => started?.denied.clear());
  return new Proxy({} as T, {
    get(_target, key) {
      if (!started) {
        throw new Error(
          `The GitOps test backend is not started: read ${String(
            key,
          )} inside a test or a hook, not while the tests are declared`,
        );
      }
      const value = Reflect.get(started, key);
      return typeof value === 'function' ? value.bind(started) : value;
    },
  });
}
