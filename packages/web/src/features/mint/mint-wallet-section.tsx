import { MobileOutlined, QrcodeOutlined, WalletOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { type Connector, useConnect, useConnection, useConnectors } from 'wagmi';
import { launchErrorMessage } from '../launch/launch-error-message.ts';
import { WalletSection } from '../launch/wallet-section.tsx';
import { walletAppLinks } from './wallet-links.ts';

const intro = 'Connect your wallet to mint. You confirm the purchase in it; Layerloom never holds your keys.';

/** The browser's own wallets: each one announced through EIP-6963, else the plain injected one if any. */
function browserWallets(connectors: readonly Connector[]): readonly Connector[] {
  const own = connectors.filter((connector) => connector.type !== 'walletConnect');
  const announced = own.filter((connector) => connector.id !== 'injected');
  if (announced.length > 0) return announced;
  const hasInjected = typeof window !== 'undefined' && 'ethereum' in window && window.ethereum !== undefined;
  return hasInjected ? own.filter((connector) => connector.id === 'injected') : [];
}

/**
 * The collector's ways to connect: the browser's wallets; WalletConnect when the server has a project for
 * it; and, without a browser wallet, links that open this page inside a wallet app. Never a dead end.
 */
export function MintWalletSection({
  chainName,
  currencySymbol,
  pageUrl,
}: {
  chainName: string;
  currencySymbol: string;
  /** The public mint page, which the wallet apps' links open. */
  pageUrl: string;
}) {
  const connection = useConnection();
  const connectors = useConnectors();
  const connect = useConnect();
  if (connection.status === 'connected') {
    return <WalletSection chainName={chainName} currencySymbol={currencySymbol} />;
  }
  const own = browserWallets(connectors);
  const walletConnect = connectors.find((connector) => connector.type === 'walletConnect');
  const isBusy = connection.status === 'connecting' || connection.status === 'reconnecting';
  const button = (connector: Connector, label: string, icon: React.ReactNode) => (
    <Button
      key={connector.uid}
      icon={icon}
      loading={connect.isPending && connect.variables?.connector === connector}
      disabled={isBusy}
      onClick={() => connect.connect({ connector })}
    >
      {label}
    </Button>
  );
  return (
    <div className="llc-launch-connect llm-wallets">
      <p className="llc-muted">{intro}</p>
      <div className="llc-launch-connectors">
        {own.map((connector) =>
          button(
            connector,
            `Connect ${connector.id === 'injected' ? 'browser wallet' : connector.name}`,
            connector.icon ? (
              <img src={connector.icon} alt="" width={18} height={18} className="llc-launch-connector-icon" />
            ) : (
              <WalletOutlined aria-hidden="true" />
            ),
          ),
        )}
        {walletConnect
          ? button(walletConnect, 'Connect with WalletConnect', <QrcodeOutlined aria-hidden="true" />)
          : null}
      </div>
      {walletConnect && own.length === 0 ? (
        <p className="llc-muted llm-hint">
          WalletConnect shows a QR code to scan with the wallet app on your phone; on a phone it lists the
          wallet apps to open.
        </p>
      ) : null}
      {own.length === 0 ? (
        <nav className="llm-wallet-apps" aria-label="Open this page in a wallet app">
          <p className="llc-muted">
            No wallet in this browser. On a phone, open this page in your wallet app's browser:
          </p>
          <div className="llc-launch-connectors">
            {walletAppLinks(pageUrl).map((app) => (
              <Button key={app.name} href={app.href} icon={<MobileOutlined aria-hidden="true" />}>
                Open in {app.name}
              </Button>
            ))}
          </div>
        </nav>
      ) : null}
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
