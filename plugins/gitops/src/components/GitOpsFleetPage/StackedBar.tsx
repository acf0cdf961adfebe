import Box from '@material-ui/core/Box';
import ButtonBase from '@material-ui/core/ButtonBase';
import Typography from '@material-ui/core/Typography';
import { VisuallyHidden } from '../VisuallyHidden';

/** One coloured segment of a {@link StackedBar}. */
export interface BarSegment {
  label: string;
  count: number;
  color: string;
}

/**
 * A horizontal bar split by share, with a legend whose entries can be
 * clicked (to filter by them).
 */
export function StackedBar(props: {
  title: string;
  segments: BarSegment[];
  onSelect?: (label: string) => void;
  /**
   * What a legend entry does, read by screen readers before its label and
   * count: `Filter by ` by default (the name reads "Filter by Healthy 8").
   */
  legendAction?: (label: string) => string;
}) {
  const {
    title,
    segments,
    onSelect,
    legendAction = () => 'Filter by ',
  } = props;
  const total = segments.reduce((sum, s) => sum + s.count, 0);
  return (
    <Box mb={2}>
      <Typography variant="subtitle2" gutterBottom>
        {title}
      </Typography>
      <Box
        display="flex"
        height={16}
        borderRadius={4}
        overflow="hidden"
        bgcolor="action.hover"
        role="img"
        aria-label={`${title}: ${segments
          .map(s => `${s.count} ${s.label}`)
          .join(', ')}`}
      >
        {segments
          .filter(s => s.count > 0)
          .map(s => (
            <Box
              key={s.label}
              title={`${s.label}: ${s.count}`}
              style={{
                width: `${(s.count / Math.max(total, 1)) * 100}%`,
                backgroundColor: s.color,
              }}
            />
          ))}
      </Box>
      <Box display="flex" flexWrap="wrap" mt={1} style={{ gap: 12 }}>
        {segments.map(s => (
          <ButtonBase
            key={s.label}
            onClick={() => onSelect?.(s.label)}
            disabled={!onSelect}
          >
            <VisuallyHidden>{legendAction(s.label)}</VisuallyHidden>
            <Box
              width={10}
              height={10}
              mr={0.5}
              borderRadius={2}
              style={{ backgroundColor: s.color }}
            />
            <Typography variant="caption">
              {s.label} {s.count}
            </Typography>
          </ButtonBase>
        ))}
      </Box>
    </Box>
  );
}
