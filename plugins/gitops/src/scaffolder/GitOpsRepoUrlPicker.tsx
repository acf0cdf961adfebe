import type {
  CustomFieldValidator,
  FieldExtensionComponentProps,
} from '@backstage/plugin-scaffolder-react';
import TextField from '@material-ui/core/TextField';
import Typography from '@material-ui/core/Typography';
import { useEffect, useMemo, useRef } from 'react';
import {
  formatRepositoryLocation,
  parseRepositoryLocation,
  RepositoryLocation,
  repositoryLocationProblem,
} from './repositoryLocation';

/**
 * `ui:options` of the repository picker.
 * @public
 */
export interface GitOpsRepoUrlPickerOptions {
  /** The hosts the repository may be created on; the first is the default. */
  allowedHosts?: string[];
  /**
   * The form field whose value names the repository until someone names it
   * otherwise (the gitops-service template's `name`).
   */
  repoNameField?: string;
}

/**
 * A scaffolder field for where a new repository is created, in the format
 * of Backstage's RepoUrlPicker (`host?owner=…&repo=…`), for the GitHub
 * hosts the template allows: the host (the first allowed one to start
 * with), the owner and the repository name, which starts as the value of
 * `ui:options.repoNameField`. Every keystroke counts, so the review shows
 * what is typed without leaving the field first.
 */
export function GitOpsRepoUrlPicker(
  props: FieldExtensionComponentProps<string, GitOpsRepoUrlPickerOptions>,
) {
  const { formData, onChange, schema, uiSchema, required, rawErrors } = props;
  const options: GitOpsRepoUrlPickerOptions = uiSchema?.['ui:options'] ?? {};
  const hosts = useMemo(
    () => uiSchema?.['ui:options']?.allowedHosts ?? [],
    [uiSchema],
  );
  const form = (props.formContext?.formData ?? {}) as Record<string, unknown>;
  const named = options.repoNameField ? form[options.repoNameField] : undefined;
  const location = parseRepositoryLocation(formData);
  const id = props.idSchema?.$id ?? 'repo-url';

  // once, when the field opens: the first allowed host, and the service's
  // name for the repository (emptied later, it stays empty)
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const start = formatRepositoryLocation({
      host: location.host || hosts[0] || '',
      owner: location.owner,
      repo: location.repo || (typeof named === 'string' ? named : ''),
    });
    if (start && start !== formData) onChange(start);
  }, [location, hosts, named, formData, onChange]);

  const change = (part: Partial<RepositoryLocation>) =>
    onChange(formatRepositoryLocation({ ...location, ...part }) ?? '');
  const hasError = Boolean(rawErrors?.length);
  return (
    <>
      {schema.title && <Typography variant="h5">{schema.title}</Typography>}
      {schema.description && (
        <Typography variant="body1">{schema.description}</Typography>
      )}
      <TextField
        id={`${id}-host`}
        data-testid="host-select"
        select
        SelectProps={{ native: true }}
        label="Host"
        fullWidth
        margin="normal"
        required={required}
        error={hasError && !location.host}
        value={hosts.includes(location.host) ? location.host : ''}
        onChange={event => change({ host: event.target.value })}
        helperText="The git host the repository is created on"
      >
        {!hosts.includes(location.host) && <option value="" />}
        {hosts.map(host => (
          <option key={host} value={host}>
            {host}
          </option>
        ))}
      </TextField>
      <TextField
        id={`${id}-owner`}
        label="Owner"
        fullWidth
        margin="normal"
        required={required}
        error={hasError && !location.owner}
        value={location.owner}
        onChange={event => change({ owner: event.target.value.trim() })}
        helperText="The organization or user that owns the repository"
      />
      <TextField
        id={`${id}-repo`}
        label="Repository"
        fullWidth
        margin="normal"
        required={required}
        error={hasError && !location.repo}
        value={location.repo}
        onChange={event => change({ repo: event.target.value.trim() })}
        helperText="The name of the repository"
      />
    </>
  );
}

/** A host the template allows, an owner and a repository name. */
export const validateGitOpsRepoUrl: CustomFieldValidator<
  string,
  GitOpsRepoUrlPickerOptions
> = (value, validation, context) => {
  const problem = repositoryLocationProblem(
    value,
    context.uiSchema?.['ui:options']?.allowedHosts,
  );
  if (problem) validation.addError(problem);
};
