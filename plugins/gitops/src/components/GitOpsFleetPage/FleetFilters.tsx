import Button from '@material-ui/core/Button';
import FormControl from '@material-ui/core/FormControl';
import InputLabel from '@material-ui/core/InputLabel';
import MenuItem from '@material-ui/core/MenuItem';
import Select from '@material-ui/core/Select';
import type { FleetApplicationFilter } from '@gitops-suite/plugin-gitops-common';
import { FLEET_FILTER_KEYS, FleetFilterKey } from '../../hooks/useFleetFilters';
import { WrapRow } from '../WrapRow';

const LABELS: Record<FleetFilterKey, string> = {
  agent: 'Agent',
  environment: 'Environment',
  region: 'Region',
  health: 'Health',
  sync: 'Sync',
};

/** Multi-select filters over the fleet, kept in the URL. */
export function FleetFilters(props: {
  filter: FleetApplicationFilter;
  options: Record<FleetFilterKey, string[]>;
  onChange: (key: FleetFilterKey, values: string[]) => void;
  onClear: () => void;
}) {
  const { filter, options, onChange, onClear } = props;
  return (
    <WrapRow alignItems="flex-end" mb={2} gap={16}>
      {FLEET_FILTER_KEYS.map(key => {
        const selected = (filter[key] as string[] | undefined) ?? [];
        const id = `gitops-fleet-filter-${key}`;
        return (
          <FormControl key={key} style={{ minWidth: 160 }}>
            <InputLabel id={`${id}-label`}>{LABELS[key]}</InputLabel>
            <Select
              labelId={`${id}-label`}
              id={id}
              multiple
              value={selected}
              renderValue={value => (value as string[]).join(', ')}
              onChange={event => onChange(key, event.target.value as string[])}
            >
              {[...new Set([...options[key], ...selected])].map(option => (
                <MenuItem key={option} value={option}>
                  {option}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        );
      })}
      <Button size="small" onClick={onClear}>
        Clear filters
      </Button>
    </WrapRow>
  );
}
