import { setMaxPerWallet, setMintPrice } from '@layerloom/contracts';
import { Button, Form, Input, InputNumber, Typography } from 'antd';
import { useState } from 'react';
import { formatEther, parseEther } from 'viem';
import { priceCallData } from './drop-call-data.ts';
import { DropCard } from './drop-card.tsx';
import type { DropContext } from './drop-context.ts';
import { formatPrice, limitError, priceError } from './drop-format.ts';
import { DropSteps } from './drop-steps.tsx';
import { FeeHint } from './fee-hint.tsx';
import type { DropTransaction } from './use-drop-actions.ts';

interface PriceValues {
  price: string;
  limit: number | null;
}

/** The public sale's price and per-wallet limit (`setMintPrice`, then `setMaxPerWallet` if it changed). */
export function PriceCard({ context }: { context: DropContext }) {
  const { state, canManage, actions, chainId, currency } = context;
  const [form] = Form.useForm<PriceValues>();
  const [notice, setNotice] = useState<string | null>(null);
  // The fee follows the fields as they are typed: the calls a save would send now.
  const price = Form.useWatch('price', form);
  const limit = Form.useWatch('limit', form);
  const calls = price === undefined ? null : priceCallData({ price, limit }, state);

  const onFinish = async (values: PriceValues) => {
    const price = parseEther(values.price.trim());
    const limit = values.limit ?? 0;
    const transactions: DropTransaction[] = [];
    if (price !== state.mintPrice) {
      transactions.push({
        action: 'price',
        title: `Set the public price to ${formatPrice(price, currency)}`,
        send: (clients) => setMintPrice({ ...clients, price }),
      });
    }
    if (limit !== state.maxPerWallet) {
      transactions.push({
        action: 'limit',
        title: `Set the public limit to ${limit.toLocaleString('en-US')} per wallet`,
        send: (clients) => setMaxPerWallet({ ...clients, limit }),
      });
    }
    setNotice(transactions.length === 0 ? 'Nothing changed: these are the settings on chain.' : null);
    if (transactions.length > 0) await actions.run(transactions);
  };

  return (
    <DropCard id="price" title="Public sale">
      <Form<PriceValues>
        form={form}
        name="drop-public-sale"
        layout="vertical"
        // New values on chain (after a save, or set elsewhere) refill the form.
        key={`${state.mintPrice}-${state.maxPerWallet}`}
        initialValues={{ price: formatEther(state.mintPrice), limit: state.maxPerWallet }}
        onFinish={onFinish}
        disabled={!canManage}
        requiredMark={false}
        className="llc-drop-form"
      >
        <div className="llc-drop-fields">
          <Form.Item
            name="price"
            label="Public price"
            extra="Per token; 0 for a free mint."
            rules={[{ validator: (_rule, value: string) => fieldCheck(priceError(value ?? '')) }]}
          >
            <Input inputMode="decimal" suffix={currency} autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="limit"
            label="Public limit per wallet"
            extra="Tokens one wallet may buy in the public sale."
            rules={[{ validator: (_rule, value: number | null) => fieldCheck(limitError(value)) }]}
          >
            <InputNumber className="llc-drop-number" min={0} precision={0} />
          </Form.Item>
        </div>
        <div className="llc-drop-buttons">
          <Button
            htmlType="submit"
            disabled={!canManage || actions.isRunning}
            loading={actions.running === 'price' || actions.running === 'limit'}
          >
            Save price and limit
          </Button>
          {canManage && calls && calls.length > 0 ? <FeeHint context={context} data={calls} /> : null}
        </div>
      </Form>
      {notice ? <Typography.Text className="llc-muted">{notice}</Typography.Text> : null}
      <DropSteps steps={actions.steps} actions={['price', 'limit']} chainId={chainId} />
    </DropCard>
  );
}

/** A Form rule's answer for a check that returns its message or null. */
export function fieldCheck(error: string | null): Promise<void> {
  return error ? Promise.reject(new Error(error)) : Promise.resolve();
}
