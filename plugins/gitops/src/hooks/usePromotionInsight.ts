import { stringifyEntityRef } from '@backstage/catalog-model';
import { useApi } from '@backstage/core-plugin-api';
import { useEntity } from '@backstage/plugin-catalog-react';
import {
  gitopsSignalChannels,
  type PromotionInsight,
} from '@gitops-suite/plugin-gitops-common';
import { gitopsApiRef } from '../api';
import { LiveAsyncState, useLiveAsync } from './useLiveAsync';

/**
 * What separates each environment of the current entity from the next one,
 * re-read on the signal that re-reads the entity's applications (the
 * matrix's), so both show a sync or a merge together; polled while the page
 * is visible where signals are not installed.
 */
export function usePromotionInsight(
  options: { intervalMs?: number } = {},
): LiveAsyncState<PromotionInsight> & { entityRef: string } {
  const { entity } = useEntity();
  const api = useApi(gitopsApiRef);
  const entityRef = stringifyEntityRef(entity);
  const state = useLiveAsync(
    () => api.getEntityPromotion(entityRef),
    [api, entityRef],
    {
      intervalMs: options.intervalMs ?? 60_000,
      signals: [gitopsSignalChannels.entity(entityRef)],
    },
  );
  return { ...state, entityRef };
}
