import { PlusOutlined } from '@ant-design/icons';
import type { Collection } from '@layerloom/api';
import { Button, InputNumber } from 'antd';
import { useId, useState } from 'react';
import { useFeedback } from '../../app/feedback.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { useGrow } from './amendments-queries.ts';
import { formatCount } from './format.ts';
import './amendments.css';

/**
 * Grow a collection: add tokens after the last one with the same seed, rules and uniqueness, as a
 * background job. The server checks the plan's size limit and the combinations left and says why not.
 */
export function GrowPanel({ collection }: { collection: Collection }) {
  const feedback = useFeedback();
  const grow = useGrow(collection.id);
  const [count, setCount] = useState<number | null>(null);
  const inputId = useId();
  const onGrow = () => {
    if (!count) return;
    grow.mutate(
      { count },
      {
        onSuccess: () => {
          feedback.success(`Adding ${formatCount(count)} ${count === 1 ? 'token' : 'tokens'}`);
          setCount(null);
        },
      },
    );
  };
  return (
    <section className="llc-panel llc-amend-panel" aria-labelledby="llc-grow-title">
      <h2 id="llc-grow-title" className="llc-section-title">
        Grow the collection
      </h2>
      <p className="llc-muted">
        Add tokens after #{formatCount(collection.size)} with the same seed and rules; every new token is
        unique across the whole collection and the first {formatCount(collection.size)} stay exactly as they
        are.
      </p>
      <form
        className="llc-grow-form"
        onSubmit={(event) => {
          event.preventDefault();
          onGrow();
        }}
      >
        <label htmlFor={inputId}>Tokens to add</label>
        <InputNumber<number>
          id={inputId}
          min={1}
          max={100_000}
          precision={0}
          value={count}
          onChange={(value) => {
            setCount(value);
            grow.reset();
          }}
          status={grow.isError ? 'error' : undefined}
          aria-describedby={grow.isError ? `${inputId}-error` : undefined}
        />
        <Button htmlType="submit" icon={<PlusOutlined />} disabled={!count} loading={grow.isPending}>
          Add tokens
        </Button>
        {grow.isError ? (
          <div id={`${inputId}-error`} className="llc-grow-error" role="alert">
            {errorMessage(grow.error)}
          </div>
        ) : null}
      </form>
    </section>
  );
}
