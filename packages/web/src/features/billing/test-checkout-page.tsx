import { ExperimentOutlined } from '@ant-design/icons';
import { planById } from '@layerloom/api';
import { Alert, Button, Skeleton } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { LinkButton } from '../../components/link-button.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { formatAmount, usePayTestCheckout, useTestCheckout } from './billing-queries.ts';
import './billing.css';

/**
 * `/dashboard/payment-plans/test-checkout/:id`: the local test checkout used when no payment provider is
 * set up. Paying records a test payment through the same code a Stripe payment takes; nothing is charged.
 */
export function TestCheckoutPage() {
  useDocumentTitle('Local test checkout');
  const id = useParams().id ?? '';
  const checkout = useTestCheckout(id);
  const pay = usePayTestCheckout(id);
  const navigate = useNavigate();
  return (
    <div className="llb-page llb-checkout-page">
      <section className="llb-checkout" aria-labelledby="llb-checkout-title">
        <p className="llb-checkout__label">
          <ExperimentOutlined aria-hidden="true" /> LOCAL TEST CHECKOUT
        </p>
        <h1 id="llb-checkout-title" className="llb-title">
          Test payment
        </h1>
        <p className="llb-checkout__warning">
          No card is asked for and nothing is charged. This checkout exists only while the server has no
          payment provider set up, for trying Layerloom on one machine; it is never offered in production.
        </p>
        {checkout.isPending ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : checkout.isError ? (
          <Alert type="error" showIcon role="alert" title={errorMessage(checkout.error)} />
        ) : (
          <>
            <dl className="llb-checkout__summary">
              <div>
                <dt>Plan</dt>
                <dd>{planById(checkout.data.planId).name}</dd>
              </div>
              <div>
                <dt>Up to</dt>
                <dd>{planById(checkout.data.planId).maxAssets.toLocaleString('en-US')} assets</dd>
              </div>
              {checkout.data.credit > 0 && (
                <>
                  <div>
                    <dt>Plan price</dt>
                    <dd>{formatAmount(checkout.data.listAmount, checkout.data.currency)}</dd>
                  </div>
                  <div>
                    <dt>Referral credit</dt>
                    <dd>−{formatAmount(checkout.data.credit, checkout.data.currency)}</dd>
                  </div>
                </>
              )}
              <div>
                <dt>Amount</dt>
                <dd>{formatAmount(checkout.data.amount, checkout.data.currency)}</dd>
              </div>
            </dl>
            {pay.isError && <Alert type="error" showIcon role="alert" title={errorMessage(pay.error)} />}
            {checkout.data.status === 'paid' ? (
              <Alert type="info" showIcon title="This checkout is already paid." />
            ) : checkout.data.status === 'expired' ? (
              <Alert
                type="info"
                showIcon
                title="This checkout has expired: a newer one took its referral credit."
                action={
                  <LinkButton size="small" to="/dashboard/payment-plans">
                    Payment plans
                  </LinkButton>
                }
              />
            ) : (
              <div className="llb-checkout__actions">
                <Button
                  type="primary"
                  size="large"
                  loading={pay.isPending}
                  onClick={() =>
                    pay.mutate(undefined, {
                      onSuccess: () => void navigate('/dashboard/payment-plans?checkout=success'),
                    })
                  }
                >
                  Pay {formatAmount(checkout.data.amount, checkout.data.currency)} (test)
                </Button>
                <LinkButton size="large" to="/dashboard/payment-plans?checkout=cancelled">
                  Cancel
                </LinkButton>
              </div>
            )}
          </>
        )}
      </section>
    </div>
  );
}
