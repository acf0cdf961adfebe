import Checkbox from '@material-ui/core/Checkbox';
import FormControlLabel from '@material-ui/core/FormControlLabel';
import { useState } from 'react';

/** The Prune and Dry run choices, Prune first set as `prune` says. */
export function useOperationFlags(prune = false) {
  const [pruneChosen, setPrune] = useState(prune);
  const [dryRun, setDryRun] = useState(false);
  return {
    prune: pruneChosen,
    dryRun,
    onPruneChange: setPrune,
    onDryRunChange: setDryRun,
  };
}

/** The Prune and Dry run choices of a sync or rollback. */
export function OperationFlags(props: {
  pruneLabel: string;
  prune: boolean;
  dryRun: boolean;
  onPruneChange: (prune: boolean) => void;
  onDryRunChange: (dryRun: boolean) => void;
}) {
  const { pruneLabel, prune, dryRun, onPruneChange, onDryRunChange } = props;
  return (
    <>
      <FormControlLabel
        control={
          <Checkbox checked={prune} onChange={(_e, v) => onPruneChange(v)} />
        }
        label={pruneLabel}
      />
      <FormControlLabel
        control={
          <Checkbox checked={dryRun} onChange={(_e, v) => onDryRunChange(v)} />
        }
        label="Dry run"
      />
    </>
  );
}
