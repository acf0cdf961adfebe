import Chip from '@material-ui/core/Chip';
import ArrowDownwardIcon from '@material-ui/icons/ArrowDownward';
import ArrowUpwardIcon from '@material-ui/icons/ArrowUpward';
import CompareArrowsIcon from '@material-ui/icons/CompareArrows';
import type { MatrixCell } from '../../lib/buildMatrix';

const LABELS = {
  behind: { label: 'behind', Icon: ArrowDownwardIcon },
  ahead: { label: 'ahead', Icon: ArrowUpwardIcon },
  differs: { label: 'differs', Icon: CompareArrowsIcon },
};

/** Marks a cell whose revision differs from the previous environment's. */
export function PromotionBadge(props: { promotion: MatrixCell['promotion'] }) {
  const { promotion } = props;
  if (!promotion || promotion.state === 'same') {
    return null;
  }
  const { label, Icon } = LABELS[promotion.state];
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={<Icon fontSize="small" />}
      label={label}
      title={`Revision ${label} ${promotion.comparedWith}`}
      aria-label={`${label} ${promotion.comparedWith}`}
    />
  );
}
