import MenuItem from '@material-ui/core/MenuItem';
import TextField from '@material-ui/core/TextField';

/** The windows metrics can be computed over, in days. */
export const METRICS_WINDOWS = [7, 30, 90] as const;

/** Picks the number of days delivery metrics look back. */
export function WindowSelect(props: {
  value: number;
  onChange: (days: number) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label="Window"
      value={props.value}
      onChange={e => props.onChange(Number(e.target.value))}
      SelectProps={{ inputProps: { 'aria-label': 'Metrics window' } }}
    >
      {METRICS_WINDOWS.map(days => (
        <MenuItem key={days} value={days}>
          {days} days
        </MenuItem>
      ))}
    </TextField>
  );
}
