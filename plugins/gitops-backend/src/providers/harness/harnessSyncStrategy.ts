/**
 * The SDK's hook strategy (ApplicationsSyncStrategyHook) holds the apply
 * options under `syncStrategyApply`, the field name of Argo CD's proto,
 * where Argo CD's own JSON inlines them (`hook: {force}`).
 */
export function withSdkSyncStrategy(
  body: Record<string, unknown>,
): Record<string, unknown> {
  const strategy = body.strategy as { hook?: object } | undefined;
  if (!strategy?.hook) return body;
  return {
    ...body,
    strategy: { ...strategy, hook: { syncStrategyApply: strategy.hook } },
  };
}
