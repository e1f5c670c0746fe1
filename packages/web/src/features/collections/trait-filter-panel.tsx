import { Button, Checkbox, Collapse } from 'antd';
import { formatCount, formatShare, TRAIT_COUNT_TYPE, traitTypeLabel } from './format.ts';

export type TraitTable = Record<string, Record<string, { count: number; share: number }>>;

/**
 * Trait types (the meta trait last) with their values; trait counts in numeric order. A type with
 * one value that every token has filters nothing, so it is left out.
 */
function orderedTypes(traits: TraitTable): [string, [string, { count: number; share: number }][]][] {
  return Object.entries(traits)
    .filter(([, values]) => {
      const entries = Object.values(values);
      return !(entries.length === 1 && entries[0]!.share >= 1);
    })
    .sort(([a], [b]) => Number(a === TRAIT_COUNT_TYPE) - Number(b === TRAIT_COUNT_TYPE))
    .map(([type, values]) => [
      type,
      Object.entries(values).sort(([a], [b]) =>
        type === TRAIT_COUNT_TYPE ? Number(a) - Number(b) : a.localeCompare(b),
      ),
    ]);
}

/**
 * Filter by trait: each type lists its values with how many tokens have them and their share.
 * Values of one type widen the result (any of them); different types narrow it (all of them).
 */
export function TraitFilterPanel({
  traits,
  selected,
  onToggle,
  onClear,
  showTitle = true,
}: {
  showTitle?: boolean;
  traits: TraitTable;
  selected: Map<string, string[]>;
  onToggle: (type: string, value: string, on: boolean) => void;
  onClear: () => void;
}) {
  const types = orderedTypes(traits);
  const valueCount = types.reduce((sum, [, values]) => sum + values.length, 0);
  const openByDefault = types
    .filter(([type]) => valueCount <= 40 || selected.has(type))
    .map(([type]) => type);
  const selectedCount = [...selected.values()].reduce((sum, values) => sum + values.length, 0);
  return (
    <div className="llc-filter">
      <div className="llc-filter-head">
        {showTitle ? <h2 className="llc-section-label">Filter by trait</h2> : <span />}
        <Button type="link" size="small" onClick={onClear} disabled={selectedCount === 0}>
          Clear all
        </Button>
      </div>
      <Collapse
        ghost
        size="small"
        defaultActiveKey={openByDefault}
        items={types.map(([type, values]) => {
          const chosen = selected.get(type) ?? [];
          return {
            key: type,
            label: (
              <span className="llc-filter-type">
                <span>{traitTypeLabel(type)}</span>
                <span className="llc-filter-type-count">
                  {chosen.length > 0 ? `${chosen.length} of ${values.length}` : values.length}
                </span>
              </span>
            ),
            children: (
              <fieldset className="llc-filter-values">
                <legend className="ll-visually-hidden">{traitTypeLabel(type)}</legend>
                {values.map(([value, stats]) => (
                  <Checkbox
                    key={value}
                    checked={chosen.includes(value)}
                    onChange={(event) => onToggle(type, value, event.target.checked)}
                    className="llc-filter-value"
                  >
                    <span className="llc-filter-value-name">{value}</span>
                    <span className="llc-filter-value-stats">
                      {formatCount(stats.count)} · {formatShare(stats.share)}
                    </span>
                  </Checkbox>
                ))}
              </fieldset>
            ),
          };
        })}
      />
    </div>
  );
}
