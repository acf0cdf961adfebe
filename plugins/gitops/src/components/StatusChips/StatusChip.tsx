import Chip from '@material-ui/core/Chip';
import { ReactElement } from 'react';
import { textColorOn } from './statusColors';

/** A small coloured chip naming a state. */
export function StatusChip(props: {
  label: string;
  color: string;
  icon?: ReactElement;
  title?: string;
}) {
  const { label, color, icon, title } = props;
  const text = textColorOn(color);
  return (
    <Chip
      size="small"
      label={label}
      icon={icon}
      title={title ?? label}
      style={{ backgroundColor: color, color: text }}
    />
  );
}
