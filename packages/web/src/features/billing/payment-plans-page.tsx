import { CheckOutlined } from '@ant-design/icons';
import {
  EVERY_PLAN_INCLUDES,
  PLAN_PAYMENT_TERMS,
  type Plan,
  type PlanId,
  planFeatures,
  plans,
} from '@layerloom/api';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Popconfirm, Skeleton, Tag } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useFeedback } from '../../app/feedback.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { sessionKey, useSession } from '../auth/session.ts';
import { formatAmount, useBilling, useStartCheckout, useSwitchToFree } from './billing-queries.ts';
import './billing.css';

const count = new Intl.NumberFormat('en-US');

/**
 * `/dashboard/payment-plans`: the plans of the one plans table (Free and the three paid ones), the user's
 * own marked; Buy Plan / Change plan opens the checkout (Stripe, or the local test checkout).
 */
export function PaymentPlansPage() {
  useDocumentTitle('Payment plans');
  const [search] = useSearchParams();
  const returned = search.get('checkout');
  const billing = useBilling({ awaitPayment: returned === 'success' });
  const checkout = useStartCheckout();
  const toFree = useSwitchToFree();
  const feedback = useFeedback();
  const navigate = useNavigate();
  const session = useSession();
  const client = useQueryClient();
  const planId = billing.data?.planId;
  const sessionPlanId = session.data?.planId;

  // Once a payment changed the plan, every page (Generate NFT's limits, the header) reads the new one.
  useEffect(() => {
    if (planId && sessionPlanId && planId !== sessionPlanId)
      void client.invalidateQueries({ queryKey: sessionKey });
  }, [planId, sessionPlanId, client]);

  const onBuy = (planId: Exclude<PlanId, 'free'>) => {
    checkout.mutate(planId, {
      onSuccess: ({ url }) => {
        // Stripe Checkout is another site; the local test checkout is a page of this app.
        if (/^https?:\/\//.test(url)) window.location.assign(url);
        else void navigate(url);
      },
    });
  };

  return (
    <div className="llb-page">
      <header className="llb-head">
        <h1 className="llb-title">Payment plans</h1>
        <p className="llb-lead">
          {PLAN_PAYMENT_TERMS} Each plan sets how large a collection you can generate and what it unlocks.
        </p>
      </header>
      {returned === 'success' && (
        <Alert
          className="llb-alert"
          type="success"
          showIcon
          title={
            billing.data?.provider === 'stripe'
              ? 'Payment received. Your plan changes as soon as Stripe confirms it.'
              : 'Payment recorded. Your new plan applies to everything you generate from now on.'
          }
        />
      )}
      {returned === 'cancelled' && (
        <Alert className="llb-alert" type="info" showIcon title="Checkout cancelled: nothing was charged." />
      )}
      {billing.data?.provider === 'test' && (
        <Alert
          className="llb-alert"
          type="warning"
          showIcon
          title="Local test checkout"
          description="This server has no payment provider set up: buying a plan goes through a test checkout that charges nothing."
        />
      )}
      {billing.data && billing.data.referralCredit > 0 && billing.data.provider !== 'none' && (
        <Alert
          className="llb-alert"
          type="success"
          showIcon
          title={`You have ${formatAmount(billing.data.referralCredit, 'usd')} of referral credit`}
          description="It is taken off the price of the next plan you buy, at checkout."
        />
      )}
      {billing.data?.provider === 'none' && (
        <Alert
          className="llb-alert"
          type="info"
          showIcon
          title="This server takes no payments: an administrator changes plans on request."
        />
      )}
      {checkout.isError && (
        <Alert
          className="llb-alert"
          type="error"
          showIcon
          role="alert"
          title={errorMessage(checkout.error)}
        />
      )}
      {billing.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : billing.isError ? (
        <Alert type="error" showIcon role="alert" title={errorMessage(billing.error)} />
      ) : (
        <ul className="llb-plans" aria-label="Plans">
          {plans.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              currentId={billing.data.planId}
              canBuy={billing.data.provider !== 'none'}
              busy={checkout.isPending && checkout.variables === plan.id}
              disabled={checkout.isPending}
              onBuy={onBuy}
              onSwitchToFree={() =>
                toFree.mutate(undefined, {
                  onSuccess: () => feedback.success('You are on the Free plan now'),
                  onError: (error) => feedback.notifyError('Could not switch to the Free plan', error),
                })
              }
              switching={toFree.isPending}
            />
          ))}
        </ul>
      )}
      <section className="llb-includes" aria-labelledby="llb-includes-title">
        <h2 id="llb-includes-title" className="llb-includes__title">
          Every plan includes
        </h2>
        <ul className="llb-includes__list">
          {EVERY_PLAN_INCLUDES.map((item) => (
            <li key={item}>
              <CheckOutlined aria-hidden="true" /> {item}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function PlanCard({
  plan,
  currentId,
  canBuy,
  busy,
  disabled,
  onBuy,
  onSwitchToFree,
  switching,
}: {
  plan: Plan;
  currentId: PlanId;
  canBuy: boolean;
  busy: boolean;
  disabled: boolean;
  onBuy: (planId: Exclude<PlanId, 'free'>) => void;
  onSwitchToFree: () => void;
  switching: boolean;
}) {
  const isCurrent = plan.id === currentId;
  const titleId = `llb-plan-${plan.id}`;
  const action = currentId === 'free' ? 'Buy Plan' : 'Change plan';
  return (
    <li className={`llb-plan${isCurrent ? ' llb-plan--current' : ''}`} aria-labelledby={titleId}>
      <div className="llb-plan__top">
        <h2 id={titleId} className="llb-plan__name">
          {plan.name}
        </h2>
        {isCurrent && <Tag color="purple">Current plan</Tag>}
      </div>
      <p className="llb-plan__price">
        <strong>${count.format(plan.priceUsd)}</strong>
        <span>{plan.priceUsd === 0 ? 'forever' : 'one-time'}</span>
      </p>
      <ul className="llb-plan__features">
        {planFeatures(plan).map((feature) => (
          <li key={feature}>
            <CheckOutlined aria-hidden="true" /> {feature}
          </li>
        ))}
      </ul>
      <div className="llb-plan__action">
        {isCurrent ? (
          <Button block disabled>
            Your plan
          </Button>
        ) : plan.id === 'free' ? (
          <Popconfirm
            title="Switch to the Free plan?"
            description="It changes at once: new collections get the Free limits, the ones you made keep theirs. Nothing is refunded."
            okText="Switch to Free"
            onConfirm={onSwitchToFree}
          >
            <Button block loading={switching} aria-label="Switch to Free">
              Switch to Free
            </Button>
          </Popconfirm>
        ) : !canBuy ? (
          <p className="llb-plan__note">Ask an administrator.</p>
        ) : (
          <Button
            block
            type="primary"
            loading={busy}
            disabled={disabled && !busy}
            aria-label={`${action}: ${plan.name}`}
            onClick={() => onBuy(plan.id as Exclude<PlanId, 'free'>)}
          >
            {action}
          </Button>
        )}
      </div>
    </li>
  );
}
