import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/** The views of the fleet page. */
export const FLEET_VIEWS = ['overview', 'audit', 'repositories'] as const;

/** One of {@link FLEET_VIEWS}. */
export type FleetView = (typeof FLEET_VIEWS)[number];

/**
 * One single-valued query parameter of the page's URL, and a setter that
 * replaces it (an empty value removes it) and keeps every other parameter.
 */
export function useQueryParam(
  name: string,
): [string | undefined, (value: string | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (value: string | undefined) =>
      setParams(
        current => {
          const next = new URLSearchParams(current);
          if (value) next.set(name, value);
          else next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [name, setParams],
  );
  return [params.get(name) ?? undefined, set];
}

/** Which view of the fleet page shows: `?view=audit`, overview by default. */
export function useFleetView(): [FleetView, (view: FleetView) => void] {
  const [value, set] = useQueryParam('view');
  const view = FLEET_VIEWS.find(v => v === value) ?? 'overview';
  const select = useCallback(
    (next: FleetView) => set(next === 'overview' ? undefined : next),
    [set],
  );
  return [view, select];
}
