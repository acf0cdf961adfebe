import MenuItem from '@material-ui/core/MenuItem';
import TextField from '@material-ui/core/TextField';

/** The windows metrics can be computed over, in days. */
export const METRICS_WINDOWS = [7, 30, 90] as const;

/** Picks the number of days delivery metrics look back. */
export function WindowSelect(props: {
  /** Unique on the page: it ties the visible label to the select. */
  id: string;
  value: number;
  onChange: (days: number) => void;
}) {
  // named by its visible label and value ("Metrics window 30 days")
  return (
    <TextField
      select
      id={props.id}
      size="small"
      label="Metrics window"
      value={props.value}
      onChange={e => props.onChange(Number(e.target.value))}
    >
      {METRICS_WINDOWS.map(days => (
        <MenuItem key={days} value={days}>
          {days} days
        </MenuItem>
      ))}
    </TextField>
  );
}
