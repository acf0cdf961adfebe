import Alert from '@material-ui/lab/Alert';

/**
 * One line above a summary made without some agents, naming those that
 * did not answer; nothing when all answered.
 */
export function UnansweredAgentsAlert(props: {
  errors: ReadonlyArray<{ agentId: string }>;
}) {
  if (props.errors.length === 0) {
    return null;
  }
  return (
    <Alert severity="warning">
      {`Incomplete: ${props.errors
        .map(e => e.agentId)
        .join(', ')} did not answer`}
    </Alert>
  );
}
