import {
  LISTING_DESCRIPTION_MAX,
  type Marketplace,
  type MarketplaceListing,
  MarketplaceListingSchema,
} from '@layerloom/api';
import { layerloomCollectionAbi, setContractURI } from '@layerloom/contracts';
import { Alert, Button, Form, Input, InputNumber, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { encodeFunctionData } from 'viem';
import { errorMessage } from '../../lib/api-error.ts';
import { DropCard } from './drop-card.tsx';
import type { DropContext } from './drop-context.ts';
import { DropSteps } from './drop-steps.tsx';
import { FeeHint } from './fee-hint.tsx';
import { FROZEN_REASON, isOnIpfs, listingOnChain, royaltyMismatch } from './marketplace-status.ts';
import { useMarketplace, usePinListing, useSaveListing } from './use-marketplace.ts';
import { useMetadataTransaction } from './use-metadata-transaction.ts';
import './marketplace-cards.css';

/** The form's fields: the listing with the royalty in percent and collaborators one per line. */
interface ListingValues {
  name: string;
  description: string;
  image: string;
  bannerImage: string;
  featuredImage: string;
  externalLink: string;
  collaborators: string;
  royaltyPercent: number | null;
  feeRecipient: string;
}

function toValues(listing: MarketplaceListing): ListingValues {
  return {
    name: listing.name,
    description: listing.description,
    image: listing.image ?? '',
    bannerImage: listing.bannerImage ?? '',
    featuredImage: listing.featuredImage ?? '',
    externalLink: listing.externalLink ?? '',
    collaborators: listing.collaborators.join('\n'),
    royaltyPercent: listing.sellerFeeBasisPoints / 100,
    feeRecipient: listing.feeRecipient ?? '',
  };
}

/** The listing the form describes, as the server takes it (before its checks). */
export function listingFromValues(values: ListingValues) {
  return {
    name: values.name ?? '',
    description: values.description ?? '',
    image: values.image ?? '',
    bannerImage: values.bannerImage ?? '',
    featuredImage: values.featuredImage ?? '',
    externalLink: values.externalLink ?? '',
    collaborators: (values.collaborators ?? '')
      .split(/[\s,]+/)
      .map((entry) => entry.trim())
      .filter(Boolean),
    sellerFeeBasisPoints: Math.round((values.royaltyPercent ?? 0) * 100),
    feeRecipient: values.feeRecipient?.trim() ? values.feeRecipient.trim() : null,
  };
}

/** The form field a listing field's error belongs to. */
const fieldOf: Record<string, keyof ListingValues> = {
  sellerFeeBasisPoints: 'royaltyPercent',
};

/**
 * "Marketplace listing": what marketplaces show on the collection's page (name, description, pictures,
 * website, collaborators, royalty), served by Layerloom at the address the contract's `contractURI` returns.
 * Edits are saved here, then announced on chain (`setContractURI`) from the owner's wallet.
 */
export function ListingCard({
  collectionId,
  context,
  deployedAt,
}: {
  collectionId: string;
  context: DropContext;
  deployedAt: string;
}) {
  const marketplace = useMarketplace(collectionId);
  return (
    <DropCard id="listing" title="Marketplace listing">
      {marketplace.data ? (
        <ListingForm
          collectionId={collectionId}
          context={context}
          deployedAt={deployedAt}
          marketplace={marketplace.data}
        />
      ) : marketplace.isError ? (
        <Alert
          type="error"
          showIcon
          title="Could not load the listing"
          description={errorMessage(marketplace.error)}
          action={<Button onClick={() => void marketplace.refetch()}>Try again</Button>}
        />
      ) : (
        <Skeleton active title={false} paragraph={{ rows: 4 }} />
      )}
    </DropCard>
  );
}

function ListingForm({
  collectionId,
  context,
  deployedAt,
  marketplace,
}: {
  collectionId: string;
  context: DropContext;
  deployedAt: string;
  marketplace: Marketplace;
}) {
  const { state, canManage, actions, chainId } = context;
  const [form] = Form.useForm<ListingValues>();
  const save = useSaveListing(collectionId);
  const pin = usePinListing(collectionId);
  const onIpfs = isOnIpfs(marketplace);
  const { send, record } = useMetadataTransaction(collectionId, context);
  const [notice, setNotice] = useState<string | null>(null);
  const isFrozen = state.metadataFrozen || marketplace.isFrozen;
  const onChain = listingOnChain(marketplace, state, deployedAt);
  const mismatch = royaltyMismatch(marketplace.listing, state.royalty);
  const contractUri = marketplace.contractUri ?? '';

  const onFinish = (values: ListingValues) => {
    setNotice(null);
    const parsed = MarketplaceListingSchema.safeParse(listingFromValues(values));
    if (!parsed.success) {
      form.setFields(
        parsed.error.issues.map((issue) => {
          const field = String(issue.path[0] ?? 'name');
          return { name: fieldOf[field] ?? (field as keyof ListingValues), errors: [issue.message] };
        }),
      );
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: () => setNotice('Saved. Marketplaces see it once you update it on chain.'),
    });
  };

  const applyContractRoyalty = () =>
    form.setFieldsValue({
      royaltyPercent: state.royalty.bps / 100,
      feeRecipient: state.royalty.bps > 0 ? state.royalty.receiver : '',
    });

  // A collection on IPFS gets its listing pinned there first (once per save), then the contract points at it.
  const updateOnChain = async () => {
    let target = contractUri;
    if (onIpfs) {
      target =
        marketplace.ipfsContractUri ?? (await pin.mutateAsync().catch(() => null))?.ipfsContractUri ?? '';
      if (!target) return;
    }
    await send(
      'contract-uri',
      onIpfs ? 'Point marketplaces at the listing on IPFS' : 'Point marketplaces at the listing',
      (clients) => setContractURI({ ...clients, contractURI: target }),
    );
  };

  const disabledReason = isFrozen
    ? FROZEN_REASON
    : !canManage
      ? 'Only the contract’s owner can change it.'
      : null;

  return (
    <>
      <p className="llc-drop-hint llc-muted">
        What marketplaces show on the collection&apos;s page. Layerloom serves it at{' '}
        <a href={contractUri} target="_blank" rel="noreferrer">
          <code className="llc-drop-hash">{contractUri}</code>
        </a>
        {onIpfs
          ? '; its copy on IPFS, beside the metadata, is the address the contract gives marketplaces.'
          : ', the address the contract gives marketplaces.'}
      </p>
      {marketplace.ipfsContractUri ? (
        <p className="llc-drop-hint llc-muted">
          On IPFS: <code className="llc-drop-hash">{marketplace.ipfsContractUri}</code>
        </p>
      ) : null}
      <div className="llc-drop-row" data-field="listing-on-chain">
        <span className="llc-drop-label">
          On chain:{' '}
          <span className={onChain.isUpToDate ? 'llc-drop-ok' : 'llc-drop-bad'}>
            {onChain.isUpToDate ? 'up to date' : 'changed, update'}
          </span>
        </span>
        {onChain.reason ? <span className="llc-muted">{onChain.reason}</span> : null}
        {!onChain.isUpToDate ? (
          <div className="llc-drop-buttons">
            <Button
              disabled={disabledReason !== null || actions.isRunning}
              loading={pin.isPending || actions.running === 'contract-uri'}
              onClick={() => void updateOnChain()}
              aria-describedby={disabledReason ? 'llc-listing-disabled' : undefined}
            >
              Update the listing on chain
            </Button>
            {disabledReason === null ? (
              <FeeHint
                context={context}
                data={encodeFunctionData({
                  abi: layerloomCollectionAbi,
                  functionName: 'setContractURI',
                  args: [marketplace.ipfsContractUri ?? contractUri],
                })}
              />
            ) : null}
          </div>
        ) : null}
      </div>
      {disabledReason ? (
        <p id="llc-listing-disabled" className={isFrozen ? 'llc-drop-label' : 'llc-muted'}>
          {disabledReason}
          {isFrozen ? ': the listing can no longer change.' : ''}
        </p>
      ) : null}
      {mismatch ? (
        <Alert
          type="warning"
          showIcon
          title="The royalty differs from the contract's"
          description={
            // The button sits under the text, not in antd's action column, which at phone width squeezed the
            // text into a letter per line.
            <>
              <p className="llc-drop-mismatch">{mismatch}</p>
              {isFrozen ? null : (
                <Button size="small" onClick={applyContractRoyalty} disabled={!canManage}>
                  Use the contract&apos;s royalty
                </Button>
              )}
            </>
          }
        />
      ) : null}
      <Form<ListingValues>
        form={form}
        name="drop-marketplace-listing"
        layout="vertical"
        key={marketplace.savedAt ?? 'defaults'}
        initialValues={toValues(marketplace.listing)}
        onFinish={onFinish}
        disabled={disabledReason !== null}
        requiredMark={false}
        className="llc-drop-form"
      >
        <Form.Item name="name" label="Collection name">
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="description" label="Description">
          <Input.TextArea rows={3} maxLength={LISTING_DESCRIPTION_MAX} showCount />
        </Form.Item>
        <div className="llc-drop-fields">
          <Form.Item name="image" label="Picture" extra="Square; an https:// or ipfs:// address.">
            <Input placeholder="ipfs://…" autoComplete="off" />
          </Form.Item>
          <Form.Item name="bannerImage" label="Banner" extra="Wide, across the top of the page.">
            <Input placeholder="https://…" autoComplete="off" />
          </Form.Item>
          <Form.Item name="featuredImage" label="Featured picture" extra="Where the collection is featured.">
            <Input placeholder="https://…" autoComplete="off" />
          </Form.Item>
          <Form.Item name="externalLink" label="Website" extra="The collection's own site (https://).">
            <Input placeholder="https://…" autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="royaltyPercent"
            label="Royalty"
            extra="Should match the royalty the contract pays."
          >
            <InputNumber className="llc-drop-number" min={0} max={100} step={0.5} precision={2} suffix="%" />
          </Form.Item>
          <Form.Item
            name="feeRecipient"
            label="Royalty recipient"
            extra="The wallet paid the royalty."
            className="llc-listing-wide"
          >
            <Input className="llc-drop-mono" placeholder="0x…" autoComplete="off" />
          </Form.Item>
        </div>
        <Form.Item
          name="collaborators"
          label="Collaborators"
          extra="Wallets a marketplace lets edit the collection's page there, one per line (up to 10)."
        >
          <Input.TextArea rows={2} className="llc-drop-mono" placeholder="0x…" />
        </Form.Item>
        <Button htmlType="submit" loading={save.isPending}>
          Save listing
        </Button>
      </Form>
      {save.isError ? (
        <Typography.Text type="danger" role="alert">
          {errorMessage(save.error)}
        </Typography.Text>
      ) : notice && !onChain.isUpToDate ? (
        <Typography.Text className="llc-muted" role="status">
          {notice}
        </Typography.Text>
      ) : null}
      {pin.isError ? (
        <Typography.Text type="danger" role="alert">
          Could not put the listing on IPFS: {errorMessage(pin.error)}
        </Typography.Text>
      ) : null}
      {record.isError ? (
        <Typography.Text type="danger" role="alert">
          The transaction went through, but Layerloom could not record it: {errorMessage(record.error)}
        </Typography.Text>
      ) : null}
      <DropSteps steps={actions.steps} actions={['contract-uri']} chainId={chainId} />
    </>
  );
}
