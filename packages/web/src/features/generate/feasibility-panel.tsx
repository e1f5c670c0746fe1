import { CheckCircleOutlined } from '@ant-design/icons';
import type { Feasibility } from '@layerloom/api';
import { formatBigCount } from './eta.ts';
import './feasibility-panel.css';

/**
 * What the server found before any rendering: the unique valid combinations (per configuration
 * when there are several) and, when every token can be planned, a line saying so. Why a project
 * cannot be generated is in the blocker list under it, beside the Generate button.
 */
export function FeasibilityPanel({ feasibility }: { feasibility: Feasibility }) {
  const { configurations } = feasibility;
  const size = configurations.reduce((sum, configuration) => sum + configuration.size, 0);
  return (
    <section className="ll-gen-feasibility" aria-label="Feasibility" aria-live="polite">
      <div className="ll-gen-count">
        <span className="ll-gen-count-label">Possible unique combinations</span>
        <span className="ll-gen-count-value" data-testid="combination-count">
          {formatBigCount(feasibility.count ?? '0')}
        </span>
      </div>
      {configurations.length > 1 ? (
        <ul className="ll-gen-feasibility-configurations">
          {configurations.map((configuration) => (
            <li key={configuration.name}>
              <span className="ll-gen-feasibility-name">{configuration.name}</span>
              <span>
                {formatBigCount(configuration.count)} combinations for{' '}
                {configuration.size.toLocaleString('en-US')} {configuration.size === 1 ? 'token' : 'tokens'}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {feasibility.feasible ? (
        <p className="ll-gen-feasibility-ok" data-testid="feasibility-ok">
          <CheckCircleOutlined aria-hidden="true" /> All {size.toLocaleString('en-US')}{' '}
          {size === 1 ? 'token' : 'tokens'} can be made unique, within the rules and rarity counts.
        </p>
      ) : null}
    </section>
  );
}
