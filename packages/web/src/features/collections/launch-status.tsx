import { ExportOutlined } from '@ant-design/icons';
import type { getLaunchStatus, LaunchStage, LaunchStatus, listLaunchStatuses } from '@layerloom/api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Tag } from 'antd';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { call, type EndpointRef } from '../../lib/api.ts';
import { useWorkspaceScope } from '../workspaces/workspace-context.tsx';
import './launch-status.css';

// By method and path only: the dashboard's first screen loads no API schemas (zod).
const listEndpoint: EndpointRef<typeof listLaunchStatuses> = { method: 'GET', path: '/api/v1/launch-status' };
const oneEndpoint: EndpointRef<typeof getLaunchStatus> = {
  method: 'GET',
  path: '/api/v1/collections/:id/launch-status',
};

/** How often a launch's figures are asked for again while a screen shows them (the chain moves on its own). */
const REFRESH_MS = 15_000;

/** The launch status of each of the current workspace's collections, by collection id. */
export function useLaunchStatuses() {
  const workspace = useWorkspaceScope();
  return useQuery({
    queryKey: ['launch-status', 'list', workspace.key],
    queryFn: async () => {
      const { statuses } = (await call(listEndpoint, { query: { workspace: workspace.param } })).data;
      return new Map(statuses.map((status) => [status.collectionId, status]));
    },
    enabled: workspace.ready,
    refetchInterval: REFRESH_MS,
  });
}

/**
 * One collection's launch status (the collection page's header). It is asked for again whenever the page
 * learns something new about the collection (a publication, a deployment: any of its queries answering
 * anew), so the header follows the creator's steps at once. Only asked for while `enabled` (a generated collection).
 */
export function useLaunchStatus(collectionId: string, enabled = true) {
  const client = useQueryClient();
  useEffect(
    () =>
      client.getQueryCache().subscribe((event) => {
        const key = event.query.queryKey;
        if (event.type !== 'updated' || event.action.type !== 'success' || key[0] === 'launch-status') return;
        if (key.includes(collectionId))
          void client.invalidateQueries({ queryKey: ['launch-status', collectionId] });
      }),
    [client, collectionId],
  );
  return useQuery({
    queryKey: ['launch-status', collectionId],
    queryFn: async () => (await call(oneEndpoint, { params: { id: collectionId } })).data.status,
    enabled,
    refetchInterval: REFRESH_MS,
  });
}

// Text darker than the preset tag colours, so every stage reads at 4.5:1 or better.
const looks: Record<LaunchStage, { background: string; color: string; text: string }> = {
  draft: { background: '#eeecf3', color: '#46405e', text: 'Draft' },
  published: { background: '#e6f0ff', color: '#1d4f9c', text: 'Published' },
  deployed: { background: '#ece5ff', color: '#4520b0', text: 'Deployed' },
  live: { background: '#e2f6ee', color: '#0a5e45', text: 'Live' },
  'sold-out': { background: '#fff1e0', color: '#8a4300', text: 'Sold out' },
};

/** The stage's words: "Live · public sale", "Deployed · sale closed"… */
export function launchStageText(status: LaunchStatus): string {
  const { text } = looks[status.stage];
  if (status.stage === 'live')
    return `${text} · ${status.phase === 'allowlist' ? 'allowlist' : 'public'} sale`;
  if (status.stage === 'deployed' && status.minted !== null) return `${text} · sale closed`;
  return text;
}

const count = new Intl.NumberFormat('en-US');

/** Wei as a short decimal amount of the currency: "0.03 ETH" (up to 4 decimals, trailing zeros dropped). */
export function formatProceeds(wei: string, currency: string): string {
  const value = BigInt(wei);
  const whole = value / 10n ** 18n;
  const fraction = ((value % 10n ** 18n) / 10n ** 14n).toString().padStart(4, '0').replace(/0+$/, '');
  return `${count.format(whole)}${fraction ? `.${fraction}` : ''} ${currency}`;
}

/** The figures beside the stage: "Minted 3 of 20 · 0.03 ETH to withdraw". */
export function launchFigures(status: LaunchStatus): string | null {
  if (status.minted === null) return null;
  const minted = `Minted ${count.format(status.minted)} of ${count.format(status.supply)}`;
  return status.proceeds && status.proceeds.wei !== '0'
    ? `${minted} · ${formatProceeds(status.proceeds.wei, status.proceeds.currency)} to withdraw`
    : minted;
}

/** The launch stage as a small coloured tag. */
export function LaunchStageTag({ status }: { status: LaunchStatus }) {
  const look = looks[status.stage];
  return (
    <Tag
      variant="filled"
      className="llc-launch-tag"
      style={{ background: look.background, color: look.color }}
    >
      {launchStageText(status)}
    </Tag>
  );
}

/**
 * A collection's launch at a glance: its stage, minted / supply and proceeds once deployed, and a link to
 * its public mint page once it has one (`withLink`; left out where the whole card is already a link).
 */
export function LaunchStatusLine({ status, withLink = true }: { status: LaunchStatus; withLink?: boolean }) {
  const figures = launchFigures(status);
  return (
    <span className="llc-launch-line">
      <LaunchStageTag status={status} />
      {figures ? <span className="llc-launch-figures">{figures}</span> : null}
      {withLink && status.mintPath ? (
        <Link to={status.mintPath} target="_blank" rel="noreferrer" className="llc-launch-live-link">
          View live page <ExportOutlined aria-hidden="true" />
          <span className="ll-visually-hidden"> (opens in a new tab)</span>
        </Link>
      ) : null}
    </span>
  );
}
