import { EVERY_PLAN_INCLUDES, PLAN_PAYMENT_TERMS, type Plan, planFeatures, plans } from '@layerloom/api';
import { PlainLinkButton } from '../../app/plain-button.tsx';
import { CheckOutlined } from '../../app/plain-icons.tsx';

/** "$179" or "$0". */
export function formatPrice(plan: Pick<Plan, 'priceUsd'>): string {
  return `$${plan.priceUsd.toLocaleString('en-US')}`;
}

/** The plan the pricing section highlights. */
const highlighted: Plan['id'] = 'pro';

/**
 * Pricing: one card per plan of the one plans table, each with what it unlocks (the limits the server
 * enforces, from `planFeatures`) and a sign-up button; what every plan has is said once below.
 */
export function PricingSection() {
  return (
    <section id="pricing" className="ll-section ll-pricing" aria-labelledby="ll-pricing-title">
      <div className="ll-container">
        <div className="ll-section-head">
          <p className="ll-eyebrow">Pricing</p>
          <h2 id="ll-pricing-title">Pay once, not per month</h2>
          <p>
            {PLAN_PAYMENT_TERMS} Start free, and pick a bigger plan when your collection is ready to grow.
          </p>
        </div>
        <div className="ll-pricing-grid">
          {plans.map((plan) => {
            const isHighlighted = plan.id === highlighted;
            return (
              <article
                key={plan.id}
                className={`ll-plan ${isHighlighted ? 'll-plan-featured' : ''}`}
                aria-labelledby={`ll-plan-${plan.id}`}
              >
                {isHighlighted && <span className="ll-plan-badge">Recommended</span>}
                <h3 id={`ll-plan-${plan.id}`}>{plan.name}</h3>
                <p className="ll-plan-price">
                  <strong>{formatPrice(plan)}</strong>
                  <span className="ll-plan-per">{plan.priceUsd === 0 ? 'forever' : 'one-time'}</span>
                </p>
                <ul>
                  {planFeatures(plan).map((feature) => (
                    <li key={feature}>
                      <CheckOutlined aria-hidden="true" />
                      {feature}
                    </li>
                  ))}
                </ul>
                <PlainLinkButton
                  className="ll-plan-cta"
                  type={isHighlighted ? 'default' : plan.priceUsd === 0 ? 'default' : 'primary'}
                  size="large"
                  to="/auth/signup"
                  aria-label={plan.priceUsd === 0 ? 'Start free: sign up' : `Choose ${plan.name}: sign up`}
                >
                  {plan.priceUsd === 0 ? 'Start free' : `Choose ${plan.name}`}
                </PlainLinkButton>
              </article>
            );
          })}
        </div>
        <p className="ll-pricing-note">
          Prices in US dollars, paid once. Every plan includes: {EVERY_PLAN_INCLUDES.join(' · ')}.
        </p>
      </div>
    </section>
  );
}
