import type { ReactNode } from 'react';

const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** Text read by screen readers (part of a control's name), not shown. */
export function VisuallyHidden(props: { children: ReactNode }) {
  return <span style={VISUALLY_HIDDEN}>{props.children}</span>;
}
