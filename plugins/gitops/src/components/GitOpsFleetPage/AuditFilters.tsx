import Box from '@material-ui/core/Box';
import FormControl from '@material-ui/core/FormControl';
import InputLabel from '@material-ui/core/InputLabel';
import MenuItem from '@material-ui/core/MenuItem';
import Select from '@material-ui/core/Select';
import type { OperationOutcome } from '@gitops-suite/plugin-gitops-common';
import { useQueryParam } from './useFleetView';

/** Every outcome an audit entry can have, as the API names them. */
export const OUTCOMES: readonly OperationOutcome[] = [
  'succeeded',
  'failed',
  'refused',
  'pending',
  'unknown',
];

/** The Audit view's filters, each one value kept in the page's URL. */
export interface AuditFilter {
  owner?: string;
  agent?: string;
  environment?: string;
  outcome?: OperationOutcome;
}

const FIELDS = [
  { key: 'owner', param: 'auditTeam', label: 'Team' },
  { key: 'agent', param: 'auditAgent', label: 'Agent' },
  { key: 'environment', param: 'auditEnvironment', label: 'Environment' },
  { key: 'outcome', param: 'auditOutcome', label: 'Outcome' },
] as const;

/** The Audit view's filters from the URL, and their setters. */
export function useAuditFilter() {
  const owner = useQueryParam('auditTeam');
  const agent = useQueryParam('auditAgent');
  const environment = useQueryParam('auditEnvironment');
  const outcome = useQueryParam('auditOutcome');
  const filter: AuditFilter = {
    ...(owner[0] && { owner: owner[0] }),
    ...(agent[0] && { agent: agent[0] }),
    ...(environment[0] && { environment: environment[0] }),
    ...(OUTCOMES.includes(outcome[0] as OperationOutcome) && {
      outcome: outcome[0] as OperationOutcome,
    }),
  };
  const setters: Record<keyof AuditFilter, (v: string | undefined) => void> = {
    owner: owner[1],
    agent: agent[1],
    environment: environment[1],
    outcome: outcome[1],
  };
  return { filter, setters };
}

/** One select per filter, "All" first. */
export function AuditFilters(props: {
  filter: AuditFilter;
  options: Record<keyof AuditFilter, readonly string[]>;
  onChange: (key: keyof AuditFilter, value: string | undefined) => void;
}) {
  const { filter, options, onChange } = props;
  return (
    <Box display="flex" flexWrap="wrap" mb={2} style={{ gap: 16 }}>
      {FIELDS.map(({ key, param, label }) => {
        const id = `gitops-audit-filter-${param}`;
        const selected = filter[key] ?? '';
        const values = [
          ...new Set([...options[key], ...(selected ? [selected] : [])]),
        ];
        return (
          <FormControl key={key} style={{ minWidth: 180 }}>
            <InputLabel id={`${id}-label`} shrink>
              {label}
            </InputLabel>
            <Select
              labelId={`${id}-label`}
              id={id}
              value={selected}
              displayEmpty
              onChange={event =>
                onChange(key, (event.target.value as string) || undefined)
              }
            >
              <MenuItem value="">All</MenuItem>
              {values.map(value => (
                <MenuItem key={value} value={value}>
                  {value}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        );
      })}
    </Box>
  );
}
