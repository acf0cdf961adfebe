import { WarningPanel } from '@backstage/core-components';

/**
 * Says that a list is cut: it shows `shown` of the `total` applications
 * the backend selected. Nothing when the list is whole.
 */
export function TruncatedListNotice(props: {
  list?: { items: unknown[]; total: number; truncated: boolean };
}) {
  const { list } = props;
  if (!list?.truncated) return null;
  return (
    <WarningPanel
      severity="warning"
      title={`Showing ${list.items.length.toLocaleString(
        'en',
      )} of ${list.total.toLocaleString('en')} applications`}
    >
      The list was cut at a limit; narrow it with the filters to see the rest.
    </WarningPanel>
  );
}
