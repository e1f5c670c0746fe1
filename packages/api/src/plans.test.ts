import { describe, expect, it } from 'vitest';
import { planById, plans } from './plans.ts';

describe('plans', () => {
  it('offer Free up to 100 assets, then $179/1000, $279/5000 and $379/10000', () => {
    expect(plans.map((plan) => [plan.priceUsd, plan.maxAssets])).toEqual([
      [0, 100],
      [179, 1000],
      [279, 5000],
      [379, 10000],
    ]);
  });

  it('watermark only the free plan', () => {
    expect(plans.filter((plan) => plan.watermark).map((plan) => plan.id)).toEqual(['free']);
    expect(planById('enterprise').features).toContain('Priority chat support');
  });
});
