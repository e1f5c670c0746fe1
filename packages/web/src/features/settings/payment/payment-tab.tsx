import { CreditCardOutlined, LockOutlined } from '@ant-design/icons';
import { type BillingPayment, type PaymentMethod, planById } from '@layerloom/api';
import { Alert, Button, Popconfirm, Skeleton, Tag } from 'antd';
import { useFeedback } from '../../../app/feedback.ts';
import { LinkButton } from '../../../components/link-button.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import {
  type BillingData,
  formatAmount,
  useAddPaymentMethod,
  useBilling,
  useCardAction,
  useOpenPortal,
  usePaymentMethods,
  useRefundTestPayment,
} from '../../billing/billing-queries.ts';
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
      <Payments payments={billing.data.payments} canRefund={billing.data.provider === 'test'} />
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
      {billing.provider === 'none' ? (
        <p className="llpay-text">
          This server takes no payments: an administrator changes plans on request.
        </p>
      ) : billing.provider === 'test' ? (
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
            <LockOutlined aria-hidden="true" /> Cards are kept by Stripe, our payment provider: a card is
            typed on Stripe's secure page, and Layerloom only ever sees its brand, last four digits and
            expiry.
          </p>
          <Cards />
          {portal.isError && <Alert type="error" showIcon role="alert" title={errorMessage(portal.error)} />}
          {billing.canOpenPortal && (
            <Button
              loading={portal.isPending}
              onClick={() =>
                portal.mutate(undefined, { onSuccess: ({ url }) => window.location.assign(url) })
              }
            >
              Manage cards and invoices
            </Button>
          )}
        </>
      )}
    </section>
  );
}

const cardLabel = (card: PaymentMethod) =>
  `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)} ending in ${card.last4}`;

/** The cards Stripe keeps for the user: default, add (Stripe's form), set default, remove. */
function Cards() {
  const cards = usePaymentMethods(true);
  const add = useAddPaymentMethod();
  const act = useCardAction();
  return (
    <div className="llpay-cards">
      {cards.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : cards.isError ? (
        <Alert type="error" showIcon role="alert" title={errorMessage(cards.error)} />
      ) : cards.data.length === 0 ? (
        <p className="llpay-text">No card yet: add one, or the card you pay with at checkout is kept here.</p>
      ) : (
        <ul className="llpay-card-list" aria-label="Cards">
          {cards.data.map((card) => (
            <li key={card.id} className="llpay-card">
              <CreditCardOutlined aria-hidden="true" />
              <span className="llpay-card__name">
                {cardLabel(card)}
                <span className="llpay-muted">
                  {' '}
                  · expires {String(card.expMonth).padStart(2, '0')}/{card.expYear}
                </span>
              </span>
              {card.isDefault ? (
                <Tag color="purple">Default</Tag>
              ) : (
                <Button
                  size="small"
                  aria-label={`Set as default: ${cardLabel(card)}`}
                  onClick={() => act.mutate({ action: 'default', id: card.id })}
                >
                  Set as default
                </Button>
              )}
              <Popconfirm
                title={`Remove the ${cardLabel(card)}?`}
                okText="Remove"
                okButtonProps={{ danger: true }}
                onConfirm={() => act.mutateAsync({ action: 'remove', id: card.id })}
              >
                <Button size="small" danger aria-label={`Remove: ${cardLabel(card)}`}>
                  Remove
                </Button>
              </Popconfirm>
            </li>
          ))}
        </ul>
      )}
      {act.isError && <Alert type="error" showIcon role="alert" title={errorMessage(act.error)} />}
      {add.isError && <Alert type="error" showIcon role="alert" title={errorMessage(add.error)} />}
      <Button
        type="primary"
        icon={<CreditCardOutlined />}
        loading={add.isPending}
        onClick={() => add.mutate(undefined, { onSuccess: ({ url }) => window.location.assign(url) })}
      >
        Add a card
      </Button>
    </div>
  );
}

/**
 * The payments with their receipts; a refund the provider reported shows on its row. With the local test
 * checkout each test payment can be refunded here, through the same code as a Stripe refund.
 */
function Payments({ payments, canRefund }: { payments: BillingPayment[]; canRefund: boolean }) {
  const refund = useRefundTestPayment();
  const feedback = useFeedback();
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
                  <td>
                    {formatAmount(payment.amount, payment.currency)}
                    {payment.refundedAmount >= payment.amount ? (
                      <Tag className="ll-state-tag ll-state-tag--wait llpay-refund" variant="filled">
                        Refunded
                      </Tag>
                    ) : payment.refundedAmount > 0 ? (
                      <Tag className="ll-state-tag ll-state-tag--wait llpay-refund" variant="filled">
                        {formatAmount(payment.refundedAmount, payment.currency)} refunded
                      </Tag>
                    ) : null}
                  </td>
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
                    {canRefund && payment.provider === 'test' && payment.refundedAmount < payment.amount && (
                      <Popconfirm
                        title="Refund this test payment?"
                        description="As a provider's refund would: the plan it bought goes if it is your plan."
                        okText="Refund"
                        onConfirm={() =>
                          refund.mutate(payment.id, {
                            onSuccess: () => feedback.success('Test payment refunded'),
                            onError: (error) => feedback.notifyError('Could not refund the payment', error),
                          })
                        }
                      >
                        <Button
                          size="small"
                          className="llpay-refund"
                          loading={refund.isPending && refund.variables === payment.id}
                          aria-label={`Refund the test payment of ${day.format(new Date(payment.paidAt))}`}
                        >
                          Refund (test)
                        </Button>
                      </Popconfirm>
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
