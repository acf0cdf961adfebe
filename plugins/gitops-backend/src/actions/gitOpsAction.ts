import {
  ActionsRegistryActionOptions,
  ActionsRegistryService,
} from '@backstage/backend-plugin-api/alpha';

/** The zod object type the actions registry takes for input and output. */
type ActionZodObject = ReturnType<
  Parameters<ActionsRegistryService['register']>[0]['schema']['input']
>;

/** Registers one GitOps action with a registry. */
export type GitOpsActionRegistration = (
  actionsRegistry: ActionsRegistryService,
) => void;

/**
 * One GitOps action, typed by its own schemas, registered later by
 * `createGitOpsActions` with the registry that bounds every input and
 * answers every error as the routes do.
 */
export function gitOpsAction<
  TInputSchema extends ActionZodObject,
  TOutputSchema extends ActionZodObject,
>(
  action: ActionsRegistryActionOptions<TInputSchema, TOutputSchema>,
): GitOpsActionRegistration {
  return actionsRegistry => actionsRegistry.register(action);
}
