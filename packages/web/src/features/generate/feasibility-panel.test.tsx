import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FeasibilityPanel } from './feasibility-panel.tsx';

describe('FeasibilityPanel', () => {
  it('shows the combinations, each configuration with its share, and that every token can be made', () => {
    render(
      <FeasibilityPanel
        feasibility={{
          count: '1234567',
          configurations: [
            { name: 'Slim', size: 60, count: '1000000' },
            { name: 'Bulky', size: 40, count: '234567' },
          ],
          feasible: true,
          problem: null,
        }}
      />,
    );
    expect(screen.getByTestId('combination-count').textContent).toBe('1,234,567');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Slim1,000,000 combinations for 60 tokens',
      'Bulky234,567 combinations for 40 tokens',
    ]);
    expect(screen.getByTestId('feasibility-ok').textContent).toBe(
      ' All 100 tokens can be made unique, within the rules and rarity counts.',
    );
  });

  it('shows a single configuration as the count alone, and no promise when the project cannot be planned', () => {
    render(
      <FeasibilityPanel
        feasibility={{
          count: '21',
          configurations: [{ name: 'configuration 1', size: 10, count: '21' }],
          feasible: false,
          problem: { code: 'EXACT_COUNT_UNREACHABLE', message: 'Exact rarity wants 8 tokens', fix: null },
        }}
      />,
    );
    expect(screen.getByTestId('combination-count').textContent).toBe('21');
    expect(screen.queryByRole('listitem')).toBeNull();
    expect(screen.queryByTestId('feasibility-ok')).toBeNull();
  });
});
