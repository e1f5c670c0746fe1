import { CheckCircleOutlined, LoadingOutlined } from '@ant-design/icons';
import {
  getTraitThumbnail,
  type QualityFinding,
  type QualityFindingKind,
  type QualitySeverity,
  type QualityTrait,
} from '@layerloom/api';
import { Alert, Button } from 'antd';
import { endpointUrl } from '../../lib/api.ts';
import type { QualityState } from './use-project-quality.ts';
import './quality-panel.css';

const GROUPS: { severity: QualitySeverity; title: string; about: string }[] = [
  { severity: 'blocks', title: 'Serious', about: 'The collection would show something wrong.' },
  { severity: 'warns', title: 'Warnings', about: 'Probably a mistake.' },
  { severity: 'notes', title: 'Notes', about: 'Worth a look.' },
];

const KIND_TITLES: Record<QualityFindingKind, string> = {
  empty: 'Empty image',
  'hides-everything': 'Hides the layers below',
  'size-and-placement': 'Size or placement',
  'never-visible': 'Hidden by the layers above',
  'look-alike': 'Look-alike traits',
  impossible: 'Cannot appear',
};

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The header's counts: "1 serious problem, 2 warnings, 1 note". */
export function qualityCounts(findings: readonly QualityFinding[]): string {
  const count = (severity: QualitySeverity) =>
    findings.filter((finding) => finding.severity === severity).length;
  const parts = [
    count('blocks') > 0 ? plural(count('blocks'), 'serious problem', 'serious problems') : null,
    count('warns') > 0 ? plural(count('warns'), 'warning', 'warnings') : null,
    count('notes') > 0 ? plural(count('notes'), 'note', 'notes') : null,
  ];
  return parts.filter((part) => part !== null).join(', ');
}

function TraitChip({
  projectId,
  trait,
  onShowLayer,
}: {
  projectId: string;
  trait: QualityTrait;
  onShowLayer: (layerId: string) => void;
}) {
  return (
    <li>
      <button
        type="button"
        className="ll-quality-trait"
        onClick={() => onShowLayer(trait.layerId)}
        title={`Open layer ${trait.layer}`}
      >
        <img
          src={endpointUrl(getTraitThumbnail, { id: projectId, traitId: trait.traitId })}
          alt=""
          loading="lazy"
          width={40}
          height={40}
        />
        <span>
          <span className="ll-quality-trait-layer">{trait.layer}</span>
          <span className="ll-quality-sr-only"> / </span>
          <span className="ll-quality-trait-name">{trait.trait}</span>
        </span>
      </button>
    </li>
  );
}

/** At most this many traits of a layer-wide finding get a thumbnail; the rest are counted. */
const SHOWN_TRAITS = 6;

function Finding({
  projectId,
  finding,
  onShowLayer,
}: {
  projectId: string;
  finding: QualityFinding;
  onShowLayer: (layerId: string) => void;
}) {
  const shown = finding.traits.slice(0, SHOWN_TRAITS);
  const more = finding.traits.length - shown.length;
  return (
    <li className="ll-quality-finding" data-testid="quality-finding" data-kind={finding.kind}>
      <h4 className="ll-quality-kind">{KIND_TITLES[finding.kind]}</h4>
      <p className="ll-quality-message">{finding.message}</p>
      <p className="ll-quality-fix">
        <span className="ll-quality-fix-label">Fix: </span>
        {finding.fix}
      </p>
      {shown.length > 0 ? (
        <ul className="ll-quality-traits" aria-label="Traits concerned">
          {shown.map((trait) => (
            <TraitChip
              key={`${trait.layerId}/${trait.traitId}`}
              projectId={projectId}
              trait={trait}
              onShowLayer={onShowLayer}
            />
          ))}
          {more > 0 ? (
            <li className="ll-quality-more">and {plural(more, 'other trait', 'other traits')}</li>
          ) : null}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * The Quality card's content on Generate NFT: what a careful art director would point out in the saved
 * layers (empty images, hidden or look-alike traits, sizes, traits that cannot appear), grouped by how
 * serious, each with the fix and the traits' thumbnails. Findings from before the latest change stay
 * shown, marked "Checking…", until the new ones arrive.
 */
export function QualityPanel({
  projectId,
  state,
  isReady,
  onShowLayer,
}: {
  projectId: string;
  state: QualityState;
  /** Every layer has images; until then there is nothing to check. */
  isReady: boolean;
  onShowLayer: (layerId: string) => void;
}) {
  const { quality, isChecking, error } = state;
  const findings = quality?.findings ?? [];
  return (
    <section className="ll-quality" aria-label="Layer quality" aria-busy={isChecking}>
      <div className="ll-quality-head">
        <p className="ll-quality-summary" data-testid="quality-summary">
          {!isReady
            ? 'Checked once every layer has images.'
            : quality === undefined
              ? 'Checking the layers…'
              : findings.length === 0
                ? 'No problems found'
                : qualityCounts(findings)}
        </p>
        {isReady && isChecking && quality !== undefined ? (
          <span className="ll-quality-checking" data-testid="quality-checking">
            <LoadingOutlined aria-hidden="true" /> Checking…
          </span>
        ) : null}
      </div>
      {error ? (
        <Alert
          type="error"
          showIcon
          title="The layers could not be checked"
          description={error}
          action={
            <Button size="small" onClick={state.retry}>
              Try again
            </Button>
          }
        />
      ) : null}
      {isReady && quality !== undefined && findings.length === 0 ? (
        <p className="ll-quality-clean">
          <CheckCircleOutlined aria-hidden="true" /> Every trait can be seen, no two look alike, the sizes and
          places match, and every trait can appear.
        </p>
      ) : null}
      <div className={isChecking ? 'll-quality-groups is-stale' : 'll-quality-groups'}>
        {GROUPS.map((group) => {
          const inGroup = findings.filter((finding) => finding.severity === group.severity);
          if (inGroup.length === 0) return null;
          return (
            <section key={group.severity} className={`ll-quality-group is-${group.severity}`}>
              <h3 className="ll-quality-group-title">
                {group.title} ({inGroup.length}) <span className="ll-quality-group-about">{group.about}</span>
              </h3>
              <ul className="ll-quality-findings">
                {inGroup.map((finding) => (
                  <Finding
                    // Findings have no id; each says what it is about in its own words.
                    key={`${finding.kind}:${finding.message}`}
                    projectId={projectId}
                    finding={finding}
                    onShowLayer={onShowLayer}
                  />
                ))}
              </ul>
            </section>
          );
        })}
      </div>
      {quality && quality.skipped.length > 0 ? (
        <p className="ll-quality-skipped">
          Not checked by eye:{' '}
          {quality.skipped.map((trait) => `${trait.layer}/${trait.trait} (${trait.reason})`).join('; ')}.
        </p>
      ) : null}
    </section>
  );
}
