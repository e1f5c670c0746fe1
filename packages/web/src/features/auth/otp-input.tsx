import { type ClipboardEvent, type KeyboardEvent, useId, useRef } from 'react';

export interface OtpInputProps {
  /** One character per box: a digit, or a space for an empty box (trailing empties are dropped). */
  value?: string;
  onChange?: (value: string) => void;
  /** Number of boxes (the spec's 6). */
  length?: number;
  disabled?: boolean;
  autoFocus?: boolean;
  /** Marks every box invalid (with the message elsewhere, e.g. a Form.Item error). */
  invalid?: boolean;
  /** Id of the element describing the error, for screen readers. */
  describedBy?: string;
  /** Accessible name of the group of boxes. */
  label?: string;
}

const onlyDigits = (text: string) => text.replace(/\D/g, '');

/** Whether an OtpInput value holds a digit in every one of its `length` boxes. */
export function isCompleteCode(value: string | undefined, length = 6): boolean {
  return new RegExp(`^\\d{${length}}$`).test(value ?? '');
}

/**
 * A one-time code typed into single-digit boxes. Typing moves to the next box, Backspace on an empty
 * box clears and moves to the previous one, arrows/Home/End move, and pasting (or an autofilled
 * code) of a whole code into any box fills every box. Works as a controlled antd Form field.
 */
export function OtpInput({
  value = '',
  onChange,
  length = 6,
  disabled = false,
  autoFocus = false,
  invalid = false,
  describedBy,
  label = 'One-time code',
}: OtpInputProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const groupId = useId();
  const digits = Array.from({ length }, (_, index) => {
    const character = value[index] ?? '';
    return /\d/.test(character) ? character : '';
  });

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  const emit = (next: string[]) => {
    onChange?.(
      next
        .map((digit) => digit || ' ')
        .join('')
        .trimEnd(),
    );
  };

  /** Writes `text`'s digits from box `start` on (a whole code always fills from the first box). */
  const fill = (start: number, text: string) => {
    const incoming = onlyDigits(text);
    if (!incoming) return;
    const from = incoming.length >= length ? 0 : start;
    const next = [...digits];
    for (let offset = 0; offset < incoming.length && from + offset < length; offset++) {
      next[from + offset] = incoming[offset] ?? '';
    }
    emit(next);
    focusBox(Math.min(from + incoming.length, length - 1));
  };

  const onBoxChange = (index: number, raw: string) => {
    const typed = onlyDigits(raw);
    if (typed.length === 0) {
      // The box was cleared (cut, or a selection deleted).
      emit(digits.map((digit, at) => (at === index ? '' : digit)));
      return;
    }
    // A box already holding a digit receives "old+new" (or "new+old"): keep the newly typed one.
    const current = digits[index] ?? '';
    const text = typed.length === 2 && current ? (typed[0] === current ? typed.slice(1) : typed[0]) : typed;
    fill(index, text ?? '');
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'Backspace': {
        event.preventDefault();
        if (digits[index]) {
          emit(digits.map((digit, at) => (at === index ? '' : digit)));
        } else if (index > 0) {
          emit(digits.map((digit, at) => (at === index - 1 ? '' : digit)));
          focusBox(index - 1);
        }
        break;
      }
      case 'Delete': {
        event.preventDefault();
        emit(digits.map((digit, at) => (at === index ? '' : digit)));
        break;
      }
      case 'ArrowLeft':
        event.preventDefault();
        focusBox(index - 1);
        break;
      case 'ArrowRight':
        event.preventDefault();
        focusBox(index + 1);
        break;
      case 'Home':
        event.preventDefault();
        focusBox(0);
        break;
      case 'End':
        event.preventDefault();
        focusBox(length - 1);
        break;
      default:
        // Letters and symbols never enter a box; shortcuts (Ctrl/Cmd+V, Tab) pass through.
        if (event.key.length === 1 && !/\d/.test(event.key) && !event.ctrlKey && !event.metaKey) {
          event.preventDefault();
        }
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    fill(index, event.clipboardData.getData('text'));
  };

  return (
    <fieldset className="ll-otp" aria-describedby={describedBy} disabled={disabled}>
      <legend id={groupId} className="ll-visually-hidden">
        {label}
      </legend>
      {digits.map((digit, index) => (
        <input
          // The boxes are positions, not items: their index is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed positions
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          className={`ll-otp__box${invalid ? ' ll-otp__box--invalid' : ''}`}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          // biome-ignore lint/a11y/noAutofocus: the code is the only thing to type on this step
          autoFocus={autoFocus && index === 0}
          maxLength={length}
          aria-label={`Digit ${index + 1} of ${length}`}
          aria-invalid={invalid || undefined}
          value={digit}
          onChange={(event) => onBoxChange(index, event.target.value)}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={(event) => onPaste(index, event)}
          onFocus={(event) => event.target.select()}
        />
      ))}
    </fieldset>
  );
}
