import { Alert, Form, type FormInstance, Input, InputNumber, Radio, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { chainGroups, findLaunchChain, isMainnet } from './launch-chains.ts';
import {
  type LaunchField,
  type LaunchFormValues,
  launchFieldLabels,
  validateLaunchField,
} from './launch-form-values.ts';

const chainOptions = chainGroups().map((group) => ({
  label: group.label,
  title: group.label,
  options: group.chains.map((entry) => ({ value: entry.chain.id, label: entry.name })),
}));

/** The contract's settings: network, name, symbol, supply, price, wallet limit, royalties, payout. */
export function LaunchForm({
  form,
  initialValues,
  collectionSize,
  hasPlaceholder,
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
  disabled: boolean;
  onValuesChange: (changed: Partial<LaunchFormValues>) => void;
  onFinish: (values: LaunchFormValues) => void;
  children: React.ReactNode;
}) {
  const chainId = Form.useWatch('chainId', form) ?? initialValues.chainId;
  const chain = findLaunchChain(chainId);
  const currency = chain?.chain.nativeCurrency.symbol ?? 'ETH';
  const revealMode = Form.useWatch('revealMode', form) ?? initialValues.revealMode;
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

  return (
    <Form<LaunchFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      disabled={disabled}
      requiredMark={false}
      scrollToFirstError={{ block: 'center' }}
      onValuesChange={(changed) => onValuesChange(changed)}
      onFinish={onFinish}
      className="llc-launch-form"
    >
      <div className="llc-launch-fields">
        <Form.Item {...item('chainId')} className="llc-launch-field-wide">
          <Select options={chainOptions} virtual={false} />
        </Form.Item>
        {chain && isMainnet(chain) ? (
          <Alert
            className="llc-launch-field-wide"
            type="warning"
            showIcon
            title={`${chain.name} is a mainnet: deploying costs real money`}
            description={`Gas for each transaction is paid in real ${currency}. Try a test network first.`}
          />
        ) : null}
        <Form.Item {...item('name')}>
          <Input maxLength={100} autoComplete="off" />
        </Form.Item>
        <Form.Item {...item('symbol')} extra="Up to 10 characters, like a ticker.">
          <Input maxLength={10} autoComplete="off" />
        </Form.Item>
        <Form.Item
          {...item('maxSupply')}
          extra={`At most ${collectionSize.toLocaleString('en-US')}, the collection's size.`}
        >
          <InputNumber className="llc-launch-number" />
        </Form.Item>
        <Form.Item {...item('mintPrice')} extra="Public sale price per token; 0 for a free mint.">
          <Input inputMode="decimal" suffix={currency} autoComplete="off" />
        </Form.Item>
        <Form.Item {...item('maxPerWallet')} extra="Tokens one wallet may mint in the public sale.">
          <InputNumber className="llc-launch-number" />
        </Form.Item>
        <Form.Item
          {...item('allowlistPrice')}
          extra="Allowlist sale price per token; upload the list itself from Run the drop."
        >
          <Input inputMode="decimal" suffix={currency} autoComplete="off" />
        </Form.Item>
        <Form.Item
          {...item('allowlistMaxPerWallet')}
          extra="Tokens a listed wallet may mint, unless the list gives it a quantity."
        >
          <InputNumber className="llc-launch-number" />
        </Form.Item>
        <Form.Item {...item('royaltyPercent')} extra="Of each resale, from 0 to 10 % (ERC-2981).">
          <InputNumber className="llc-launch-number" suffix="%" />
        </Form.Item>
        <Form.Item {...item('royaltyReceiver')} extra="Receives royalties. Defaults to your wallet.">
          <Input placeholder="0x…" spellCheck={false} autoComplete="off" />
        </Form.Item>
        <Form.Item
          {...item('payoutAddress')}
          extra="Receives the mint funds on withdraw. Defaults to your wallet."
        >
          <Input placeholder="0x…" spellCheck={false} autoComplete="off" />
        </Form.Item>
        <Form.Item
          {...item('revealMode')}
          className="llc-launch-field-wide"
          extra={
            revealMode === 'prereveal'
              ? 'Every token shows the placeholder set under Publication, and the art stays private, until you reveal from Run the drop. The reveal is one-way.'
              : 'Tokens show their own image and metadata as soon as the contract is deployed.'
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
        <Form.Item
          {...item('allowlistStart')}
          dependencies={['publicStart']}
          extra="Optional, your local time: the contract opens the allowlist sale by itself. Upload the allowlist from Run the drop before then."
        >
          <Input type="datetime-local" />
        </Form.Item>
        <Form.Item
          {...item('publicStart')}
          dependencies={['allowlistStart']}
          extra="Optional: the public sale opens by itself (ending the allowlist sale). Without start times the sale starts closed until you open it."
        >
          <Input type="datetime-local" />
        </Form.Item>
      </div>
      {children}
    </Form>
  );
}
