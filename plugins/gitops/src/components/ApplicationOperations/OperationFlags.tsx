import { useState } from 'react';
import { LabeledCheckbox } from './LabeledCheckbox';

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
      <LabeledCheckbox
        label={pruneLabel}
        checked={prune}
        onChange={onPruneChange}
      />
      <LabeledCheckbox
        label="Dry run"
        checked={dryRun}
        onChange={onDryRunChange}
      />
    </>
  );
}
