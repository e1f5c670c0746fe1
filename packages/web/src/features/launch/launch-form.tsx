import type { LaunchChain } from '@layerloom/api';
import { Alert, Collapse, Form, type FormInstance, Input, InputNumber, Radio, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import {
  chainGroups,
  findLaunchChain,
  isMainnet,
  networkKind,
  networkKindHints,
  networkKindLabels,
} from './launch-chains.ts';
import {
  type LaunchField,
  type LaunchFormValues,
  launchFieldLabels,
  validateLaunchField,
} from './launch-form-values.ts';
import { PayoutSplitFields } from './payout-split-fields.tsx';

/** The fields folded under "More options": a first drop can leave them as they are. */
const foldedFields: readonly LaunchField[] = [
  'payees',
  'maxPerWallet',
  'allowlistPrice',
  'allowlistMaxPerWallet',
  'royaltyPercent',
  'royaltyTo',
  'royaltyReceiver',
  'royaltyPayees',
  'allowlistStart',
  'publicStart',
  'revealMode',
];

/**
 * The contract's settings: the few a first drop needs (network, name, symbol, supply, price) and, folded
 * under "More options", who receives the sales, limits, the allowlist sale, royalties, the schedule and
 * the pre-reveal, each with a line saying what it does.
 */
export function LaunchForm({
  form,
  initialValues,
  collectionSize,
  hasPlaceholder,
  chains,
  disabled,
  onValuesChange,
  onFinish,
  children,
}: {
  form: FormInstance<LaunchFormValues>;
  initialValues: LaunchFormValues;
  collectionSize: number;
  /** The publication has a pre-reveal placeholder, which a pre-reveal launch points every token at. */
  hasPlaceholder: boolean;
  /** The networks the server reads (undefined until it answers: every supported one is offered). */
  chains: readonly LaunchChain[] | undefined;
  disabled: boolean;
  onValuesChange: (changed: Partial<LaunchFormValues>) => void;
  onFinish: (values: LaunchFormValues) => void;
  children: React.ReactNode;
}) {
  const [isMoreOpen, setMoreOpen] = useState(false);
  const chainId = Form.useWatch('chainId', form) ?? initialValues.chainId;
  const chain = findLaunchChain(chainId);
  const currency = chain?.chain.nativeCurrency.symbol ?? 'ETH';
  const revealMode = Form.useWatch('revealMode', form) ?? initialValues.revealMode;
  const royaltyTo = Form.useWatch('royaltyTo', form) ?? initialValues.royaltyTo;
  const chainOptions = chainGroups(chains).map((group) => ({
    label: group.label,
    title: group.label,
    options: group.chains.map((entry) => ({
      value: entry.chain.id,
      label: `${entry.name} · ${networkKindLabels[group.kind]}`,
    })),
  }));
  const rule =
    (field: LaunchField): Rule =>
    ({ getFieldsValue }) => ({
      validator: async () => {
        const values = { ...initialValues, ...(getFieldsValue(true) as Partial<LaunchFormValues>) };
        const message = validateLaunchField(field, values, { collectionSize, hasPlaceholder });
        if (message) throw new Error(message);
      },
    });
  const item = (field: LaunchField) => ({
    name: field,
    label: launchFieldLabels[field],
    rules: [rule(field)],
  });

  const more = (
    <div className="llc-launch-more">
      <PayoutSplitFields form={form} />
      <div className="llc-launch-fields">
        <Form.Item {...item('maxPerWallet')} extra="The most tokens one wallet may mint in the public sale.">
          <InputNumber className="llc-launch-number" />
        </Form.Item>
        <Form.Item
          {...item('allowlistPrice')}
          extra="The price for wallets on your allowlist (an early sale for listed wallets); upload the list from Run the drop."
        >
          <Input inputMode="decimal" suffix={currency} autoComplete="off" />
        </Form.Item>
        <Form.Item
          {...item('allowlistMaxPerWallet')}
          extra="Tokens a listed wallet may mint in the allowlist sale, unless the list gives it a quantity."
        >
          <InputNumber className="llc-launch-number" />
        </Form.Item>
        <Form.Item
          {...item('royaltyPercent')}
          extra="Your cut of every resale, from 0 to 10 %, on marketplaces that pay creator royalties."
        >
          <InputNumber className="llc-launch-number" suffix="%" />
        </Form.Item>
        <Form.Item
          {...item('royaltyTo')}
          className="llc-launch-field-wide"
          dependencies={['royaltyPercent', 'payees']}
          extra="Marketplaces pay royalties to one address; to share them, a splitter contract is deployed first (its own wallet confirmation) and receives them for the wallets you list."
        >
          <Radio.Group
            className="llc-launch-royalty-to"
            options={[
              { value: 'wallet', label: 'One wallet' },
              { value: 'sale', label: 'Split like the sales' },
              { value: 'custom', label: 'A custom split' },
            ]}
          />
        </Form.Item>
        {royaltyTo === 'wallet' ? (
          <Form.Item
            {...item('royaltyReceiver')}
            className="llc-launch-field-wide"
            extra="The wallet address (0x…) that receives resale royalties. Defaults to your wallet."
          >
            <Input
              placeholder="Wallet address, 0x followed by 40 letters and digits"
              spellCheck={false}
              autoComplete="off"
            />
          </Form.Item>
        ) : null}
        {royaltyTo === 'sale' ? (
          <p className="llc-muted llc-launch-field-wide llc-launch-royalty-note">
            The royalties are shared among the same wallets and shares as the sales above.
          </p>
        ) : null}
        {royaltyTo === 'custom' ? (
          <div className="llc-launch-field-wide">
            <PayoutSplitFields form={form} name="royaltyPayees" />
          </div>
        ) : null}
        <Form.Item
          {...item('allowlistStart')}
          dependencies={['publicStart']}
          extra="Optional, your local time: the allowlist sale opens by itself. Upload the allowlist before then."
        >
          <Input type="datetime-local" />
        </Form.Item>
        <Form.Item
          {...item('publicStart')}
          dependencies={['allowlistStart']}
          extra="Optional: the public sale opens by itself, ending the allowlist sale. With no times set, the sale stays closed until you open it."
        >
          <Input type="datetime-local" />
        </Form.Item>
        <Form.Item
          {...item('revealMode')}
          className="llc-launch-field-wide"
          extra={
            revealMode === 'prereveal'
              ? 'Every token shows the placeholder set under Publication, and the art stays private, until you reveal from Run the drop. The reveal cannot be undone.'
              : 'Tokens show their own image and details as soon as the contract is deployed.'
          }
        >
          <Radio.Group
            className="llc-launch-reveal"
            options={[
              { value: 'prereveal', label: 'Pre-reveal (placeholder until you reveal)' },
              { value: 'revealed', label: 'Revealed at once' },
            ]}
          />
        </Form.Item>
      </div>
    </div>
  );

  return (
    <Form<LaunchFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      disabled={disabled}
      requiredMark={false}
      scrollToFirstError={{ block: 'center' }}
      onValuesChange={(changed) => {
        // A change to one share or address can settle another row's problem (a total, a duplicate).
        for (const list of ['payees', 'royaltyPayees'] as const) {
          if (!(list in changed)) continue;
          const rows = (form.getFieldValue(list) as unknown[] | undefined) ?? [];
          const touched = rows
            .flatMap((_, index) => [
              [list, index, 'address'] as [typeof list, number, 'address'],
              [list, index, 'percent'] as [typeof list, number, 'percent'],
            ])
            .filter((name) => form.isFieldTouched(name));
          void form.validateFields(touched).catch(() => undefined);
        }
        onValuesChange(changed);
      }}
      onFinish={onFinish}
      onFinishFailed={({ errorFields }) => {
        // A problem in a folded field opens "More options", so the message is seen where it is.
        if (errorFields.some((field) => foldedFields.includes(field.name[0] as LaunchField)))
          setMoreOpen(true);
      }}
      className="llc-launch-form"
    >
      <div className="llc-launch-fields">
        <Form.Item
          {...item('chainId')}
          className="llc-launch-field-wide"
          extra={chain ? networkKindHints[networkKind(chain)] : undefined}
        >
          <Select options={chainOptions} virtual={false} />
        </Form.Item>
        {chain && isMainnet(chain) ? (
          <Alert
            className="llc-launch-field-wide"
            type="warning"
            showIcon
            title={`${chain.name} is a mainnet: deploying costs real money`}
            description={`The network fee of each transaction is paid in real ${currency}. Try a testnet first.`}
          />
        ) : null}
        <Form.Item {...item('name')} extra="The collection's name on marketplaces and explorers.">
          <Input maxLength={100} autoComplete="off" />
        </Form.Item>
        <Form.Item
          {...item('symbol')}
          extra="A short ticker, like a stock's: suggested from the name, up to 10 characters."
        >
          <Input maxLength={10} autoComplete="off" />
        </Form.Item>
        <Form.Item
          {...item('maxSupply')}
          extra={`How many tokens can ever be minted: at most ${collectionSize.toLocaleString('en-US')}, the collection's size.`}
        >
          <InputNumber className="llc-launch-number" />
        </Form.Item>
        <Form.Item {...item('mintPrice')} extra="The public sale price of one token; 0 for a free mint.">
          <Input inputMode="decimal" suffix={currency} autoComplete="off" />
        </Form.Item>
      </div>
      <Collapse
        className="llc-launch-options"
        activeKey={isMoreOpen ? ['more'] : []}
        onChange={(keys) => setMoreOpen(keys.includes('more'))}
        items={[
          {
            key: 'more',
            label: 'More options',
            extra: (
              <span className="llc-muted llc-launch-options-summary">
                Payout split, limits, allowlist, royalties, schedule, pre-reveal
              </span>
            ),
            // Kept in the form while folded, so its values and checks still count.
            forceRender: true,
            children: more,
          },
        ]}
      />
      {children}
    </Form>
  );
}
