import { planById, planFeatures } from '@layerloom/api';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PricingSection } from './pricing-section.tsx';

function show() {
  const router = createMemoryRouter([{ path: '/', element: <PricingSection /> }], { initialEntries: ['/'] });
  render(<RouterProvider router={router} />);
}

describe('the landing page pricing section', () => {
  it('says a plan is one payment that applies to every later collection, not a price per collection', () => {
    show();
    const section = screen.getByRole('region', { name: 'Pay once, not per month' });
    expect(section.textContent).toContain(
      'One payment, no subscription: a plan applies to every collection you generate after buying it.',
    );
    expect(section.textContent).not.toMatch(/per collection/i);
    const pro = screen.getByRole('article', { name: 'Pro' });
    expect(within(pro).getByText('$279')).toBeTruthy();
    expect(within(pro).getByText('one-time')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Free' })).getByText('forever')).toBeTruthy();
  });

  it('lists what each plan unlocks from the plans table, and nothing the server does not enforce', () => {
    show();
    for (const id of ['free', 'starter', 'pro', 'enterprise'] as const) {
      const plan = planById(id);
      const card = screen.getByRole('article', { name: plan.name });
      const lines = within(card)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
      expect(lines).toEqual(planFeatures(plan));
    }
    expect(
      within(screen.getByRole('article', { name: 'Starter' })).getByText('Collections of up to 1,000 assets'),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('article', { name: 'Free' })).getByText('Layer images up to 5 MB each'),
    ).toBeTruthy();
    expect(screen.queryByText(/priority chat support|GIF support/i)).toBeNull();
    expect(screen.getByText(/Every plan includes: Unlimited previews ·/)).toBeTruthy();
  });
});
