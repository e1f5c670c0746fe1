import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, type FormInstance, Input, InputNumber } from 'antd';
import type { LaunchFormValues } from './launch-form-values.ts';
import { evenPercents, MAX_PAYEES, type PayeeRow, payeeProblems } from './payout-split.ts';

/** "90.5": the total of the typed shares, as people read it. */
function totalPercent(rows: readonly PayeeRow[]): string {
  const bps = rows.reduce((sum, row) => sum + Math.round((row?.percent ?? 0) * 100), 0);
  return String(bps / 100);
}

/**
 * Who receives the sales: one wallet (the default, the creator's), or up to 10 wallets each with a share
 * in percent that must add up to 100 %. Each row says what is wrong with it; the total says the rest.
 * With `name` `royaltyPayees` it is the custom royalty split instead: always two wallets or more.
 */
export function PayoutSplitFields({
  form,
  name = 'payees',
}: {
  form: FormInstance<LaunchFormValues>;
  name?: 'payees' | 'royaltyPayees';
}) {
  const isRoyalty = name === 'royaltyPayees';
  const rows = (Form.useWatch(name, { form, preserve: true }) as PayeeRow[] | undefined) ?? [];
  const isSplit = rows.length > 1 || isRoyalty;
  const rowRule = (index: number, part: 'address' | 'percent') => ({
    validator: async () => {
      const current = (form.getFieldValue(name) as PayeeRow[] | undefined) ?? [];
      const problem = payeeProblems(current).rows[index]?.[part];
      if (problem) throw new Error(problem);
    },
  });
  const resplit = (count: number) => {
    const current = (form.getFieldValue(name) as PayeeRow[] | undefined) ?? [];
    const percents = evenPercents(count);
    form.setFieldValue(
      name,
      Array.from({ length: count }, (_, index) => ({
        address: current[index]?.address ?? '',
        percent: percents[index] ?? null,
      })),
    );
  };

  return (
    <fieldset className="llc-launch-split">
      <legend className="llc-launch-split-legend">
        {isRoyalty ? 'Who shares the royalties' : 'Who receives the sales'}
      </legend>
      <p className="llc-muted llc-launch-split-hint">
        {isRoyalty
          ? 'The royalty splitter shares every royalty payment among these wallets by their shares, for good; anyone can pay a wallet its part.'
          : isSplit
            ? 'The contract splits every sale among these wallets by their shares, for good: each wallet can collect its own part at any time, and one that cannot accept payments never blocks the others.'
            : 'All of the sales go to this wallet. To share them with collaborators, add up to 9 more wallets and give each a percentage.'}
      </p>
      <Form.List
        name={name}
        rules={[
          {
            validator: async (_, value: PayeeRow[] | undefined) => {
              if (isRoyalty && (value ?? []).length < 2) {
                throw new Error('A royalty split needs at least two wallets; for one, choose One wallet.');
              }
              const split = payeeProblems(value ?? []).split;
              if (split) throw new Error(split);
            },
          },
        ]}
      >
        {(fields, { remove }, { errors }) => (
          <>
            <ol className="llc-launch-payees">
              {fields.map((field, index) => (
                <li key={field.key} className="llc-launch-payee">
                  <Form.Item
                    name={[field.name, 'address']}
                    label={
                      isRoyalty
                        ? `Royalty wallet ${index + 1}`
                        : isSplit
                          ? `Wallet ${index + 1}`
                          : 'Wallet that receives the sales'
                    }
                    rules={[rowRule(index, 'address')]}
                    className="llc-launch-payee-address"
                  >
                    <Input
                      placeholder="Wallet address, 0x followed by 40 letters and digits"
                      spellCheck={false}
                      autoComplete="off"
                    />
                  </Form.Item>
                  {isSplit ? (
                    <>
                      <Form.Item
                        name={[field.name, 'percent']}
                        label={`Share of ${isRoyalty ? 'royalty ' : ''}wallet ${index + 1}`}
                        rules={[rowRule(index, 'percent')]}
                        className="llc-launch-payee-share"
                      >
                        <InputNumber className="llc-launch-number" suffix="%" min={0} max={100} step={1} />
                      </Form.Item>
                      <Button
                        className="llc-launch-payee-remove"
                        icon={<DeleteOutlined aria-hidden="true" />}
                        aria-label={`Remove ${isRoyalty ? 'royalty ' : ''}wallet ${index + 1}`}
                        title={`Remove ${isRoyalty ? 'royalty ' : ''}wallet ${index + 1}`}
                        disabled={isRoyalty && fields.length <= 2}
                        onClick={() => {
                          remove(field.name);
                          if (fields.length === 2) form.setFieldValue([name, 0, 'percent'], 100);
                        }}
                      />
                    </>
                  ) : null}
                </li>
              ))}
            </ol>
            <div className="llc-launch-split-foot">
              <Button
                icon={<PlusOutlined aria-hidden="true" />}
                disabled={fields.length >= MAX_PAYEES}
                title={fields.length >= MAX_PAYEES ? `A split has at most ${MAX_PAYEES} wallets` : undefined}
                onClick={() => resplit(fields.length + 1)}
              >
                {isRoyalty
                  ? 'Add a royalty wallet'
                  : isSplit
                    ? 'Add a wallet'
                    : 'Split the sales with another wallet'}
              </Button>
              {isSplit ? (
                <>
                  <Button onClick={() => resplit(fields.length)}>
                    {isRoyalty ? 'Split royalties evenly' : 'Split evenly'}
                  </Button>
                  <span className="llc-launch-split-total" aria-live="polite">
                    Total: {totalPercent(rows)} % of 100 %
                  </span>
                </>
              ) : null}
            </div>
            <Form.ErrorList errors={errors} className="llc-launch-split-errors" />
          </>
        )}
      </Form.List>
    </fieldset>
  );
}
