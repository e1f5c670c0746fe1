import { describe, expect, it } from 'vitest';
import { planById, planFeatures, plans } from './plans.ts';

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
  });

  it('describe each plan by the limits the server enforces with it', () => {
    expect(planFeatures(planById('free'))).toEqual([
      'Collections of up to 100 assets',
      'Layer images up to 5 MB each',
      'Animations up to 60 frames and 5 s',
      'Watermark on generated images',
    ]);
    expect(planFeatures(planById('enterprise'))).toEqual([
      'Collections of up to 10,000 assets',
      'Layer images up to 50 MB each',
      'Animations up to 600 frames and 30 s',
      'No watermark',
    ]);
  });
});
