import Box from '@material-ui/core/Box';
import Button from '@material-ui/core/Button';
import FormControl from '@material-ui/core/FormControl';
import InputLabel from '@material-ui/core/InputLabel';
import MenuItem from '@material-ui/core/MenuItem';
import Select from '@material-ui/core/Select';
import TextField from '@material-ui/core/TextField';
import {
  ApplicationFilters,
  FILTER_FIELDS,
  FilterKey,
} from './applicationFilters';

/** Search and per-field filters of the applications table. */
export function ApplicationsToolbar(props: {
  search: string;
  onSearch: (search: string) => void;
  filters: ApplicationFilters;
  options: Record<FilterKey, string[]>;
  onFilter: (key: FilterKey, values: string[]) => void;
  onClear: () => void;
}) {
  const { search, onSearch, filters, options, onFilter, onClear } = props;
  const narrowed =
    search !== '' || Object.values(filters).some(values => values?.length);
  return (
    <Box
      display="flex"
      flexWrap="wrap"
      alignItems="flex-end"
      px={2}
      pb={1}
      style={{ gap: 16 }}
    >
      <TextField
        id="applications-search"
        label="Search applications"
        value={search}
        onChange={event => onSearch(event.target.value)}
        size="small"
      />
      {FILTER_FIELDS.map(({ key, label }) => {
        const id = `applications-filter-${key}`;
        return (
          <FormControl key={key} size="small" style={{ minWidth: 140 }}>
            <InputLabel id={`${id}-label`}>{label}</InputLabel>
            <Select
              labelId={`${id}-label`}
              id={id}
              multiple
              value={filters[key] ?? []}
              onChange={event => onFilter(key, event.target.value as string[])}
              renderValue={selected => (selected as string[]).join(', ')}
            >
              {options[key].map(option => (
                <MenuItem key={option} value={option}>
                  {option}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        );
      })}
      {narrowed && (
        <Button size="small" onClick={onClear}>
          Clear filters
        </Button>
      )}
    </Box>
  );
}
