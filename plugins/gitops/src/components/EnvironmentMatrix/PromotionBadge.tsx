import Typography from '@material-ui/core/Typography';
import ArrowDownwardIcon from '@material-ui/icons/ArrowDownward';
import ArrowUpwardIcon from '@material-ui/icons/ArrowUpward';
import CompareArrowsIcon from '@material-ui/icons/CompareArrows';
import type { MatrixCell } from '../../lib/buildMatrix';

const LABELS = {
  behind: { label: 'behind', Icon: ArrowDownwardIcon },
  ahead: { label: 'ahead', Icon: ArrowUpwardIcon },
  differs: { label: 'differs', Icon: CompareArrowsIcon },
};

/**
 * Marks a cell whose release differs from the previous environment's, as
 * text with an arrow: it informs, it is not something to click.
 */
export function PromotionBadge(props: { promotion: MatrixCell['promotion'] }) {
  const { promotion } = props;
  if (!promotion || promotion.state === 'same') {
    return null;
  }
  const { label, Icon } = LABELS[promotion.state];
  return (
    <Typography
      variant="caption"
      color="textSecondary"
      component="span"
      title={`Release ${label} ${promotion.comparedWith}`}
      aria-label={`${label} ${promotion.comparedWith}`}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 2 }}
    >
      <Icon style={{ fontSize: 14 }} aria-hidden />
      {label} {promotion.comparedWith}
    </Typography>
  );
}
