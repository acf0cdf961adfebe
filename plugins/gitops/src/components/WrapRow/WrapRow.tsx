import Box, { type BoxProps } from '@material-ui/core/Box';

/**
 * Items in a row that wraps onto further lines, `gap` pixels apart both ways
 * (Material UI 4's Box has no gap of its own); other Box props as given.
 */
export function WrapRow(props: BoxProps & { gap: number }) {
  const { gap, style, ...box } = props;
  return (
    <Box display="flex" flexWrap="wrap" {...box} style={{ gap, ...style }} />
  );
}
