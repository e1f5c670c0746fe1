import { Input } from 'antd';
import type { ComponentProps } from 'react';
import './number-input.css';

/**
 * A whole-number field drawn as the form's text fields (antd's Input, with a suffix such as "px"), for a
 * Form.Item: it takes and gives a number, or null when empty. antd's InputNumber brought 7 KB of code to the
 * page's first load for three fields; the browser's number input keeps the arrow keys and the number pad.
 */
export function NumberInput({
  value,
  onChange,
  ...rest
}: Omit<ComponentProps<typeof Input>, 'value' | 'onChange' | 'type'> & {
  value?: number | null;
  onChange?: (value: number | null) => void;
}) {
  return (
    <Input
      {...rest}
      type="number"
      inputMode="numeric"
      step={1}
      className={`ll-number-input${rest.className ? ` ${rest.className}` : ''}`}
      value={value ?? ''}
      onChange={(event) => {
        const text = event.target.value;
        onChange?.(text === '' ? null : Number(text));
      }}
    />
  );
}
