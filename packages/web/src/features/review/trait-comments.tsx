import type { LayerFit } from '@layerloom/api';
import { Select } from 'antd';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { CommentThread } from './comment-thread.tsx';
import './review.css';

/**
 * Comments on one trait of a collection, picked by layer and trait (kept in the address as ?layer=&trait=,
 * which is where a mention's link leads).
 */
export function TraitComments({
  collectionId,
  layers,
}: {
  collectionId: string;
  layers: readonly LayerFit[];
}) {
  const [search, setSearch] = useSearchParams();
  const layerId = useId();
  const traitId = useId();
  const layer = layers.find((candidate) => candidate.layer === search.get('layer')) ?? layers[0];
  const traitNames = (layer?.traits ?? []).map((trait) => trait.name).filter((name) => name !== 'None');
  const wanted = search.get('trait');
  const trait = wanted && traitNames.includes(wanted) ? wanted : traitNames[0];
  const choose = (next: { layer?: string; trait?: string }) => {
    const params = new URLSearchParams(search);
    if (next.layer !== undefined) {
      params.set('layer', next.layer);
      params.delete('trait');
    }
    if (next.trait !== undefined) params.set('trait', next.trait);
    setSearch(params, { replace: true });
  };
  if (!layer || !trait) return null;
  return (
    <div className="ll-trait-comments">
      <div className="ll-trait-comments-pick">
        <label htmlFor={layerId}>Layer</label>
        <Select
          id={layerId}
          value={layer.layer}
          options={layers.map((candidate) => ({ value: candidate.layer, label: candidate.layer }))}
          onChange={(value: string) => choose({ layer: value })}
          popupMatchSelectWidth={false}
        />
        <label htmlFor={traitId}>Trait</label>
        <Select
          id={traitId}
          value={trait}
          options={traitNames.map((name) => ({ value: name, label: name }))}
          onChange={(value: string) => choose({ trait: value })}
          popupMatchSelectWidth={false}
        />
      </div>
      <CommentThread
        resource={{ kind: 'collection', id: collectionId }}
        target={{ layer: layer.layer, trait }}
        title={`Comments on ${layer.layer} / ${trait}`}
      />
    </div>
  );
}
