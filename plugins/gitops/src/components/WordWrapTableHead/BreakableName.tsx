import { Fragment } from 'react';

/**
 * A host, path or resource name that may break only after its dots,
 * slashes and dashes (`api.prod-eu-west-1.k8s.acme.internal` breaks
 * between its parts, never mid-word), where a narrow column must wrap it.
 */
export function BreakableName(props: { text: string }) {
  const parts = props.text.split(/(?<=[./-])/);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
