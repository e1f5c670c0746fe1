import { WalletOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import type { ReactNode } from 'react';
import { type Connector, useConnect, useConnection, useConnectors, useDisconnect } from 'wagmi';
import { findLaunchChain } from './launch-chains.ts';
import { launchErrorMessage } from './launch-error-message.ts';
import { shortAddress } from './short-address.ts';

/** The connectors worth offering: every wallet that announced itself, else the plain injected one if any. */
function offeredConnectors(connectors: readonly Connector[]): readonly Connector[] {
  const announced = connectors.filter((connector) => connector.id !== 'injected');
  if (announced.length > 0) return announced;
  const hasInjected = typeof window !== 'undefined' && 'ethereum' in window && window.ethereum !== undefined;
  return hasInjected ? connectors.filter((connector) => connector.id === 'injected') : [];
}

/** What the wallet is for, as the launch says it (a collector's page says its own). */
const ownerIntro =
  'Connect the wallet that will own the contract. You sign every transaction in it; Layerloom never holds your keys.';

/** Connect a browser wallet, or who is connected, on which network, and disconnect. */
export function WalletSection({
  chainName,
  currencySymbol,
  intro = ownerIntro,
}: {
  chainName: string;
  currencySymbol: string;
  /** The sentence above the connect buttons; defaults to the contract owner's. */
  intro?: ReactNode;
}) {
  const connection = useConnection();
  const connectors = offeredConnectors(useConnectors());
  const connect = useConnect();
  const disconnect = useDisconnect();

  if (connection.status === 'connected') {
    const walletChain = findLaunchChain(connection.chainId);
    return (
      <div className="llc-launch-wallet">
        <WalletOutlined aria-hidden="true" className="llc-launch-wallet-icon" />
        <div className="llc-launch-wallet-text">
          <span>
            Connected with {connection.connector.name}:{' '}
            <code title={connection.address}>{shortAddress(connection.address)}</code>
          </span>
          <span className="llc-muted">
            Network: {walletChain ? walletChain.name : `chain ${connection.chainId} (not supported)`}
          </span>
        </div>
        <Button onClick={() => disconnect.disconnect()} loading={disconnect.isPending}>
          Disconnect
        </Button>
      </div>
    );
  }

  return (
    <div className="llc-launch-connect">
      <p className="llc-muted">{intro}</p>
      {connectors.length === 0 ? (
        <Alert
          type="info"
          showIcon
          title="No browser wallet found"
          description="Install a wallet extension such as MetaMask, Rabby or Coinbase Wallet, then reload this page."
        />
      ) : (
        <div className="llc-launch-connectors">
          {connectors.map((connector) => (
            <Button
              key={connector.uid}
              icon={
                connector.icon ? (
                  <img
                    src={connector.icon}
                    alt=""
                    width={18}
                    height={18}
                    className="llc-launch-connector-icon"
                  />
                ) : (
                  <WalletOutlined aria-hidden="true" />
                )
              }
              loading={connect.isPending && connect.variables?.connector === connector}
              disabled={connection.status === 'connecting' || connection.status === 'reconnecting'}
              onClick={() => connect.connect({ connector })}
            >
              Connect {connector.id === 'injected' ? 'browser wallet' : connector.name}
            </Button>
          ))}
        </div>
      )}
      {connect.isError ? (
        <Alert
          type="error"
          showIcon
          title={launchErrorMessage(connect.error, { chainName, currencySymbol })}
        />
      ) : null}
    </div>
  );
}
