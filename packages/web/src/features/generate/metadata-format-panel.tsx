import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  METAPLEX_MAX_CREATORS,
  METAPLEX_SYMBOL_MAX,
  type MetadataFormat,
  type MetadataFormatSettings,
  MetadataFormatSettingsSchema,
  type SolanaSettings,
  writesSolana,
} from '@layerloom/api';
import { Button, Input, InputNumber, Radio } from 'antd';
import { useId, useState } from 'react';
import { useEditLocked } from './edit-lock.tsx';
import './metadata-format-panel.css';

const FORMATS: { value: MetadataFormat; label: string; hint: string }[] = [
  { value: 'erc721', label: 'Ethereum (ERC-721)', hint: 'Ethereum, Polygon and the other EVM chains' },
  { value: 'solana', label: 'Solana (Metaplex)', hint: 'a folder ready for Sugar’s Candy Machine' },
  { value: 'both', label: 'Both', hint: 'decide later, or launch on both' },
];

/** What a creator starts from when they first choose Solana: themselves as the one creator, 5 % royalties. */
export const NEW_SOLANA_SETTINGS: SolanaSettings = {
  symbol: '',
  sellerFeeBasisPoints: 500,
  externalUrl: '',
  creators: [{ address: '', share: 100 }],
};

/** Every problem of the settings by field path (`solana.creators.0.address`), as the server words them. */
export function metadataProblems(settings: MetadataFormatSettings): Map<string, string> {
  const problems = new Map<string, string>();
  const result = MetadataFormatSettingsSchema.safeParse(settings);
  if (result.success) return problems;
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    if (!problems.has(path)) problems.set(path, issue.message);
  }
  return problems;
}

/**
 * Which metadata each token gets (Ethereum's ERC-721, Solana's Metaplex or both) and, for Solana, what Metaplex
 * needs besides the project: a symbol, the royalties and the creators who share them (shares adding up to
 * 100 %). Each problem shows under its field as the user types; an address shows its own once it is left.
 */
export function MetadataFormatPanel({
  settings,
  onChange,
}: {
  settings: MetadataFormatSettings;
  onChange: (settings: MetadataFormatSettings) => void;
}) {
  const id = useId();
  const locked = useEditLocked();
  const [visited, setVisited] = useState<ReadonlySet<number>>(new Set());
  const solana = settings.solana ?? NEW_SOLANA_SETTINGS;
  const problems = metadataProblems(settings);
  const setSolana = (change: Partial<SolanaSettings>) =>
    onChange({ ...settings, solana: { ...solana, ...change } });
  const setCreator = (index: number, change: Partial<SolanaSettings['creators'][number]>) =>
    setSolana({
      creators: solana.creators.map((creator, at) => (at === index ? { ...creator, ...change } : creator)),
    });
  const total = solana.creators.reduce(
    (sum, creator) => sum + (Number.isFinite(creator.share) ? creator.share : 0),
    0,
  );
  const creatorsProblem = problems.get('solana.creators');
  const problemId = (field: string) => `${id}-${field.replaceAll('.', '-')}-problem`;
  const problemText = (field: string, show = true) => {
    const message = problems.get(field);
    return message && show ? (
      <span id={problemId(field)} className="ll-gen-metadata-problem">
        {message}
      </span>
    ) : null;
  };
  const invalid = (field: string, show = true) =>
    problems.has(field) && show
      ? { status: 'error' as const, 'aria-invalid': true, 'aria-describedby': problemId(field) }
      : {};

  return (
    <div className="ll-gen-metadata">
      <p className="ll-gen-metadata-lead">
        Which blockchain’s metadata each token gets: ERC-721 for Ethereum and the other EVM chains, Metaplex
        for Solana.
      </p>
      <fieldset className="ll-gen-metadata-field">
        <legend>Write metadata for</legend>
        <Radio.Group
          value={settings.format}
          onChange={(event) => {
            const format = event.target.value as MetadataFormat;
            onChange({
              format,
              solana: writesSolana(format) ? (settings.solana ?? NEW_SOLANA_SETTINGS) : settings.solana,
            });
          }}
          className="ll-gen-metadata-formats"
        >
          {FORMATS.map((format) => (
            <Radio key={format.value} value={format.value}>
              <span className="ll-gen-metadata-format">{format.label}</span>
              <span className="ll-gen-metadata-hint">{format.hint}</span>
            </Radio>
          ))}
        </Radio.Group>
      </fieldset>
      {writesSolana(settings.format) ? (
        <fieldset className="ll-gen-metadata-field ll-gen-metadata-solana">
          <legend>Solana (Metaplex)</legend>
          <div className="ll-gen-metadata-grid">
            <div className="ll-gen-metadata-row">
              <label htmlFor={`${id}-symbol`}>Symbol</label>
              <Input
                id={`${id}-symbol`}
                value={solana.symbol}
                maxLength={METAPLEX_SYMBOL_MAX + 5}
                placeholder="e.g. CATS"
                autoComplete="off"
                onChange={(event) => setSolana({ symbol: event.target.value })}
                {...invalid('solana.symbol')}
              />
              {problemText('solana.symbol') ?? (
                <span className="ll-gen-metadata-hint">
                  Up to {METAPLEX_SYMBOL_MAX} characters; may be empty.
                </span>
              )}
            </div>
            <div className="ll-gen-metadata-row">
              <label htmlFor={`${id}-royalties`}>Royalties</label>
              <InputNumber
                id={`${id}-royalties`}
                min={0}
                max={100}
                step={0.5}
                precision={2}
                suffix="%"
                value={solana.sellerFeeBasisPoints / 100}
                onChange={(value) => {
                  if (typeof value === 'number') setSolana({ sellerFeeBasisPoints: Math.round(value * 100) });
                }}
                {...invalid('solana.sellerFeeBasisPoints')}
              />
              {problemText('solana.sellerFeeBasisPoints') ?? (
                <span className="ll-gen-metadata-hint">Of every resale, paid to the creators below.</span>
              )}
            </div>
            <div className="ll-gen-metadata-row ll-gen-metadata-wide">
              <label htmlFor={`${id}-website`}>Website</label>
              <Input
                id={`${id}-website`}
                value={solana.externalUrl}
                placeholder="https://"
                autoComplete="url"
                onChange={(event) => setSolana({ externalUrl: event.target.value })}
                {...invalid('solana.externalUrl')}
              />
              {problemText('solana.externalUrl') ?? (
                <span className="ll-gen-metadata-hint">Optional; wallets link to it.</span>
              )}
            </div>
          </div>
          <div className="ll-gen-metadata-creators">
            <div className="ll-gen-metadata-creators-head">
              <span className="ll-gen-metadata-label">Creators</span>
              <span className="ll-gen-metadata-hint" data-testid="creator-shares">
                Shares add up to {total} % of 100 %
              </span>
            </div>
            <ul className="ll-gen-metadata-creator-list">
              {solana.creators.map((creator, index) => {
                const address = `solana.creators.${index}.address`;
                const share = `solana.creators.${index}.share`;
                const showAddress = visited.has(index) || creator.address.trim() !== '';
                return (
                  // Creators have no id; their place in the list is what the server names too.
                  // biome-ignore lint/suspicious/noArrayIndexKey: the index is the creator's identity here
                  <li key={index} className="ll-gen-metadata-creator">
                    <div className="ll-gen-metadata-creator-address">
                      <Input
                        aria-label={`Creator ${index + 1} wallet address`}
                        value={creator.address}
                        placeholder="Solana wallet address"
                        autoComplete="off"
                        spellCheck={false}
                        onChange={(event) => setCreator(index, { address: event.target.value })}
                        onBlur={() => setVisited((seen) => new Set(seen).add(index))}
                        {...invalid(address, showAddress)}
                      />
                      {problemText(address, showAddress)}
                    </div>
                    <div className="ll-gen-metadata-creator-share">
                      <InputNumber
                        aria-label={`Creator ${index + 1} share`}
                        min={0}
                        max={100}
                        precision={0}
                        suffix="%"
                        value={creator.share}
                        onChange={(value) => {
                          if (typeof value === 'number') setCreator(index, { share: value });
                        }}
                        {...invalid(share)}
                      />
                      {problemText(share)}
                    </div>
                    <Button
                      aria-label={`Remove creator ${index + 1}`}
                      icon={<DeleteOutlined aria-hidden="true" />}
                      disabled={solana.creators.length === 1 || locked}
                      onClick={() => {
                        setSolana({ creators: solana.creators.filter((_, at) => at !== index) });
                        setVisited(new Set());
                      }}
                    />
                  </li>
                );
              })}
            </ul>
            {creatorsProblem ? (
              <span id={problemId('solana.creators')} className="ll-gen-metadata-problem" role="alert">
                {creatorsProblem}
              </span>
            ) : null}
            <Button
              icon={<PlusOutlined aria-hidden="true" />}
              disabled={solana.creators.length >= METAPLEX_MAX_CREATORS || locked}
              onClick={() =>
                setSolana({
                  creators: [...solana.creators, { address: '', share: Math.max(0, 100 - total) }],
                })
              }
            >
              Add creator
            </Button>
            {solana.creators.length >= METAPLEX_MAX_CREATORS ? (
              <span className="ll-gen-metadata-hint">
                {METAPLEX_MAX_CREATORS} creators at most: Sugar adds the Candy Machine as another.
              </span>
            ) : null}
          </div>
        </fieldset>
      ) : null}
    </div>
  );
}
