import type {
  GitOpsApplication,
  SyncOption,
  SyncRequest,
  SyncRetry,
} from '@gitops-suite/plugin-gitops-common';
import FormGroup from '@material-ui/core/FormGroup';
import TextField from '@material-ui/core/TextField';
import Typography from '@material-ui/core/Typography';
import { makeStyles } from '@material-ui/core/styles';
import Alert from '@material-ui/lab/Alert';
import { useState } from 'react';
import { LabeledCheckbox } from './LabeledCheckbox';

/** Each sync option, as Argo CD's sync panel names it. */
export const SYNC_OPTION_LABELS: Record<SyncOption, string> = {
  'Validate=false': 'Skip schema validation',
  'CreateNamespace=true': 'Auto-create namespace',
  'PruneLast=true': 'Prune last',
  'ApplyOutOfSyncOnly=true': 'Apply out of sync only',
  'RespectIgnoreDifferences=true': 'Respect ignore differences',
  'ServerSideApply=true': 'Server-side apply',
  'Replace=true': 'Replace',
};

const OFFERED = Object.keys(SYNC_OPTION_LABELS) as SyncOption[];

/** Argo CD's sync panel's retry defaults. */
const DEFAULT_RETRY = {
  limit: '2',
  duration: '5s',
  factor: '2',
  maxDuration: '3m',
};

type RetryFields = typeof DEFAULT_RETRY;

const useStyles = makeStyles(theme => ({
  options: {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  },
  retry: {
    display: 'grid',
    gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
    gap: theme.spacing(1),
  },
}));

/** The offered options the application's sync policy turns on. */
function policyOptions(application: GitOpsApplication): Set<SyncOption> {
  return new Set(
    OFFERED.filter(o => application.syncPolicy.syncOptions.includes(o)),
  );
}

function sameSet(a: Set<SyncOption>, b: Set<SyncOption>) {
  return a.size === b.size && [...a].every(o => b.has(o));
}

function retryOf(fields: RetryFields): SyncRetry {
  return {
    limit: Number(fields.limit),
    backoff: {
      duration: fields.duration.trim(),
      factor: Number(fields.factor),
      maxDuration: fields.maxDuration.trim(),
    },
  };
}

/**
 * The sync options of Argo CD's sync panel: apply only, force, the sync
 * options (first as the application's sync policy sets them) and retry.
 */
export function useSyncOptions(application: GitOpsApplication) {
  const [initial] = useState(() => policyOptions(application));
  const [options, setOptions] = useState(initial);
  const [applyOnly, setApplyOnly] = useState(false);
  const [force, setForce] = useState(false);
  const [retrying, setRetrying] = useState(false);
  const [retry, setRetry] = useState(DEFAULT_RETRY);

  /**
   * What the request carries: sync options only when they differ from the
   * application's (the agent takes the application's when none are sent).
   */
  const request: Pick<
    SyncRequest,
    'syncOptions' | 'force' | 'applyOnly' | 'retry'
  > = {
    ...(!sameSet(options, initial) && {
      syncOptions: OFFERED.filter(o => options.has(o)),
    }),
    ...(applyOnly && { applyOnly }),
    ...(force && { force }),
    ...(retrying && { retry: retryOf(retry) }),
  };

  return {
    request,
    options,
    onOptionChange: (option: SyncOption, on: boolean) =>
      setOptions(current => {
        const next = new Set(current);
        if (on) next.add(option);
        else next.delete(option);
        return next;
      }),
    applyOnly,
    onApplyOnlyChange: setApplyOnly,
    force,
    onForceChange: setForce,
    retrying,
    onRetryingChange: setRetrying,
    retry,
    onRetryChange: (field: keyof RetryFields, value: string) =>
      setRetry(current => ({ ...current, [field]: value })),
  };
}

const RETRY_FIELDS: Array<{
  field: keyof RetryFields;
  label: string;
  type: 'number' | 'text';
}> = [
  { field: 'limit', label: 'Limit', type: 'number' },
  { field: 'duration', label: 'Duration', type: 'text' },
  { field: 'maxDuration', label: 'Max duration', type: 'text' },
  { field: 'factor', label: 'Factor', type: 'number' },
];

/** Apply only, force, the sync options and retry of a sync. */
export function SyncOptions(props: ReturnType<typeof useSyncOptions>) {
  const classes = useStyles();
  const { options, applyOnly, force, retrying, retry } = props;
  return (
    <>
      <FormGroup row>
        <LabeledCheckbox
          label="Apply only"
          checked={applyOnly}
          onChange={props.onApplyOnlyChange}
        />
        <LabeledCheckbox
          label="Force"
          checked={force}
          onChange={props.onForceChange}
        />
      </FormGroup>
      <Typography variant="subtitle2" component="h3" id="gitops-sync-options">
        Sync options
      </Typography>
      <FormGroup
        className={classes.options}
        role="group"
        aria-labelledby="gitops-sync-options"
      >
        {OFFERED.map(option => (
          <LabeledCheckbox
            key={option}
            label={SYNC_OPTION_LABELS[option]}
            title={option}
            checked={options.has(option)}
            onChange={on => props.onOptionChange(option, on)}
          />
        ))}
      </FormGroup>
      {force && (
        <Alert severity="warning">
          Force applies with --force: a resource whose update conflicts is
          deleted and created again, without graceful deletion.
        </Alert>
      )}
      {options.has('Replace=true') && (
        <Alert severity="warning">
          Replace uses kubectl replace or create instead of apply: resources may
          be deleted and created again.
        </Alert>
      )}
      <LabeledCheckbox
        label="Retry"
        checked={retrying}
        onChange={props.onRetryingChange}
      />
      {retrying && (
        <div className={classes.retry}>
          {RETRY_FIELDS.map(({ field, label, type }) => (
            <TextField
              key={field}
              id={`gitops-sync-retry-${field}`}
              label={label}
              type={type}
              value={retry[field]}
              onChange={event => props.onRetryChange(field, event.target.value)}
              margin="dense"
            />
          ))}
        </div>
      )}
    </>
  );
}
