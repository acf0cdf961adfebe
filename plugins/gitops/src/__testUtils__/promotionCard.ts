import { screen } from '@testing-library/react';

/**
 * Waits for the promotion card showing `promotionInsight` (from
 * deliveryFixtures) and finds what it says: its table, and prod's lag
 * behind dev.
 */
export async function findPromotionCard() {
  const table = await screen.findByRole(
    'table',
    { name: 'Promotion' },
    { timeout: 10_000 },
  );
  const prodLag = screen.getByText('prod is 2 revisions behind dev for 2d 3h');
  return { table, prodLag };
}
