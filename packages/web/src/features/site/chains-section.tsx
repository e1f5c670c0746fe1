import { chains } from './chain-marks.tsx';

/** The blockchain section: where collections deploy, and Solana metadata. */
export function ChainsSection() {
  return (
    <section className="ll-chains" aria-labelledby="ll-chains-title">
      <div className="ll-container">
        <div className="ll-chains-card">
          <h2 id="ll-chains-title">Deploy to Ethereum, Polygon and the EVM chains your collectors use</h2>
          <ul className="ll-chain-list">
            {chains.map((chain) => (
              <li key={chain.name} className="ll-chain">
                <chain.mark />
                <span>
                  <strong>{chain.name}</strong>
                  <span>{chain.note}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
