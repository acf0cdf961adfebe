import Checkbox from '@material-ui/core/Checkbox';
import FormControlLabel from '@material-ui/core/FormControlLabel';
import type { ReactNode } from 'react';

/** A checkbox named by its label: one choice of an operation. */
export function LabeledCheckbox(props: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Shown on hover (the option as Argo CD spells it). */
  title?: string;
}) {
  const { label, checked, onChange, title } = props;
  return (
    <FormControlLabel
      control={<Checkbox checked={checked} onChange={(_e, v) => onChange(v)} />}
      label={label}
      title={title}
    />
  );
}
