import { Page } from 'playwright-core';
import { openPortal } from './browser';
import { Portal } from './startPortal';

/**
 * Opens the gitops-service template's form and fills it up to the agent:
 * the name (and the description, when given), team-payments as owner, then
 * the team's own project and the QA environment; opens the agent picker
 * and answers its list of options.
 */
export async function fillServiceTemplate(
  page: Page,
  portal: Portal,
  service: { name: string; description?: string },
) {
  await openPortal(
    page,
    portal.baseUrl,
    '/create/templates/default/gitops-service',
  );
  // the sign-in redirect lands on the template list; open the form itself
  await page.goto(`${portal.baseUrl}/create/templates/default/gitops-service`);
  await page.getByRole('textbox', { name: /^Name/ }).fill(service.name);
  if (service.description !== undefined) {
    await page
      .getByRole('textbox', { name: /^Description/ })
      .fill(service.description);
  }
  const owner = page.locator('#root_owner');
  await owner.click();
  await owner.fill('team-payments');
  await page
    .getByRole('option', { name: /team-payments/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Next' }).click();

  // the team's own project: the portal checks the owner may deploy there
  await page.getByRole('textbox', { name: /^Project/ }).fill('payments');
  // the pickers offer the configured environments and agents
  await page.getByRole('checkbox', { name: /^QA\b/ }).check();
  await page.getByRole('button', { name: /GitOps agent/ }).click();
  return page.getByRole('listbox');
}
