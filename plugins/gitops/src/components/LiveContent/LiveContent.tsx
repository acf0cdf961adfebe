import { Progress, ResponseErrorPanel } from '@backstage/core-components';
import type { ReactNode } from 'react';
import type { LiveAsyncState } from '../../hooks/useLiveAsync';

/**
 * What a live read shows: a spinner while nothing has loaded, the error
 * when the read failed and no earlier value is kept, else the last value
 * (kept through a failed refresh) as `children` render it.
 */
export function LiveContent<T>(props: {
  state: Pick<LiveAsyncState<T>, 'value' | 'loading' | 'error'>;
  children: (value: T) => ReactNode;
}) {
  const { value, loading, error } = props.state;
  if (loading) return <Progress />;
  if (error && !value) return <ResponseErrorPanel error={error} />;
  return value ? <>{props.children(value)}</> : null;
}
