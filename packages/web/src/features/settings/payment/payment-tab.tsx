import { CreditCardOutlined, LockOutlined } from '@ant-design/icons';
import { type BillingPayment, planById } from '@layerloom/api';
import { Alert, Button, Skeleton } from 'antd';
import { LinkButton } from '../../../components/link-button.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { type BillingData, formatAmount, useBilling, useOpenPortal } from '../../billing/billing-queries.ts';
import './payment.css';

const day = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/**
 * Settings › Payment: payment methods (kept by the payment provider, managed in its own portal, so card
 * numbers never reach Layerloom) and the payments made, with their receipts.
 */
export function PaymentTab() {
  const billing = useBilling();
  if (billing.isPending) return <Skeleton active paragraph={{ rows: 5 }} />;
  if (billing.isError)
    return <Alert type="error" showIcon role="alert" title={errorMessage(billing.error)} />;
  return (
    <div className="llpay">
      <PaymentMethods billing={billing.data} />
      <Payments payments={billing.data.payments} />
    </div>
  );
}

function PaymentMethods({ billing }: { billing: BillingData }) {
  const portal = useOpenPortal();
  return (
    <section className="llpay-section" aria-labelledby="llpay-methods">
      <h2 id="llpay-methods" className="llpay-title">
        Payment methods
      </h2>
      {billing.provider === 'test' ? (
        <>
          <p className="llpay-text">
            <span className="llpay-test-label">Local test checkout</span> This server has no payment provider
            set up. Plans are bought through a test checkout that takes no card, so there is no card to keep.
          </p>
          <LinkButton to="/dashboard/payment-plans">See payment plans</LinkButton>
        </>
      ) : (
        <>
          <p className="llpay-text">
            <LockOutlined aria-hidden="true" /> Cards are kept by Stripe, our payment provider: you add a
            card, choose the default and remove one on Stripe's secure page. Layerloom never sees card
            numbers.
          </p>
          {portal.isError && <Alert type="error" showIcon role="alert" title={errorMessage(portal.error)} />}
          {billing.canOpenPortal ? (
            <Button
              type="primary"
              icon={<CreditCardOutlined />}
              loading={portal.isPending}
              onClick={() =>
                portal.mutate(undefined, { onSuccess: ({ url }) => window.location.assign(url) })
              }
            >
              Manage cards and invoices
            </Button>
          ) : (
            <p className="llpay-text">
              The card you pay with at your first checkout is kept here for next time.
            </p>
          )}
        </>
      )}
    </section>
  );
}

function Payments({ payments }: { payments: BillingPayment[] }) {
  return (
    <section className="llpay-section" aria-labelledby="llpay-payments">
      <h2 id="llpay-payments" className="llpay-title">
        Payments and receipts
      </h2>
      {payments.length === 0 ? (
        <p className="llpay-text">No payments yet.</p>
      ) : (
        <div className="llpay-table-wrap">
          <table className="llpay-table">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Plan</th>
                <th scope="col">Amount</th>
                <th scope="col">Receipt</th>
              </tr>
            </thead>
            <tbody>
              {payments.map((payment) => (
                <tr key={payment.id}>
                  <td>
                    <time dateTime={payment.paidAt}>{day.format(new Date(payment.paidAt))}</time>
                  </td>
                  <td>{planById(payment.planId).name}</td>
                  <td>{formatAmount(payment.amount, payment.currency)}</td>
                  <td>
                    {payment.receiptUrl ? (
                      <a href={payment.receiptUrl} target="_blank" rel="noreferrer">
                        View receipt
                      </a>
                    ) : payment.provider === 'test' ? (
                      <span className="llpay-muted">Test payment: no receipt</span>
                    ) : (
                      'Not available'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
