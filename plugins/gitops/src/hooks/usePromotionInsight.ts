import { stringifyEntityRef } from '@backstage/catalog-model';
import { useApi } from '@backstage/core-plugin-api';
import { useEntity } from '@backstage/plugin-catalog-react';
import type { PromotionInsight } from '@gitops-suite/plugin-gitops-common';
import { gitopsApiRef } from '../api';
import { LiveAsyncState, useLiveAsync } from './useLiveAsync';

/** What separates each environment of the current entity from the next one. */
export function usePromotionInsight(
  options: { intervalMs?: number } = {},
): LiveAsyncState<PromotionInsight> & { entityRef: string } {
  const { entity } = useEntity();
  const api = useApi(gitopsApiRef);
  const entityRef = stringifyEntityRef(entity);
  const state = useLiveAsync(
    () => api.getEntityPromotion(entityRef),
    [api, entityRef],
    { intervalMs: options.intervalMs ?? 60_000 },
  );
  return { ...state, entityRef };
}
