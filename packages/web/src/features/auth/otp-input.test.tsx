import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { isCompleteCode, OtpInput } from './otp-input.tsx';

/** The input as a form would hold it, with the current value printed for assertions. */
function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <OtpInput value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
  );
}

const boxes = () => screen.getAllByRole('textbox') as HTMLInputElement[];
const value = () => screen.getByTestId('value').textContent;
const box = (index: number) => boxes()[index] as HTMLInputElement;

function paste(target: HTMLInputElement, text: string) {
  fireEvent.paste(target, { clipboardData: { getData: () => text } });
}

describe('OtpInput', () => {
  it('shows six labelled single-digit boxes', () => {
    render(<Harness />);
    expect(boxes()).toHaveLength(6);
    expect(box(0).getAttribute('aria-label')).toBe('Digit 1 of 6');
    expect(box(5).getAttribute('aria-label')).toBe('Digit 6 of 6');
    expect(box(0).getAttribute('inputmode')).toBe('numeric');
    expect(box(0).getAttribute('autocomplete')).toBe('one-time-code');
  });

  it('moves to the next box after each digit typed', () => {
    render(<Harness />);
    box(0).focus();
    fireEvent.change(box(0), { target: { value: '4' } });
    expect(value()).toBe('4');
    expect(document.activeElement).toBe(box(1));
    fireEvent.change(box(1), { target: { value: '2' } });
    expect(value()).toBe('42');
    expect(document.activeElement).toBe(box(2));
  });

  it('replaces the digit of a filled box with the one typed', () => {
    render(<Harness initial="123" />);
    fireEvent.change(box(1), { target: { value: '29' } });
    expect(value()).toBe('193');
  });

  it('ignores letters and symbols', () => {
    render(<Harness />);
    fireEvent.change(box(0), { target: { value: 'a' } });
    expect(value()).toBe('');
    const event = fireEvent.keyDown(box(0), { key: 'x' });
    expect(event).toBe(false); // default prevented: the letter never reaches the box
  });

  it('clears the previous box and moves there on Backspace in an empty box', () => {
    render(<Harness initial="123" />);
    box(3).focus();
    fireEvent.keyDown(box(3), { key: 'Backspace' });
    expect(value()).toBe('12');
    expect(document.activeElement).toBe(box(2));
  });

  it('clears only the focused box on Backspace when it holds a digit', () => {
    render(<Harness initial="123456" />);
    box(2).focus();
    fireEvent.keyDown(box(2), { key: 'Backspace' });
    expect(value()).toBe('12 456');
    expect(isCompleteCode(value() ?? '')).toBe(false);
    expect(document.activeElement).toBe(box(2));
    fireEvent.change(box(2), { target: { value: '9' } });
    expect(value()).toBe('129456');
  });

  it('fills every box when a whole code is pasted into any box', () => {
    render(<Harness />);
    paste(box(3), '987654');
    expect(value()).toBe('987654');
    expect(boxes().map((input) => input.value)).toEqual(['9', '8', '7', '6', '5', '4']);
    expect(document.activeElement).toBe(box(5));
  });

  it('keeps only the digits of a pasted code with spaces or dashes', () => {
    render(<Harness />);
    paste(box(0), ' 123-456 ');
    expect(value()).toBe('123456');
  });

  it('fills from the box pasted into when the paste is shorter than a code', () => {
    render(<Harness initial="12" />);
    paste(box(2), '34');
    expect(value()).toBe('1234');
    expect(document.activeElement).toBe(box(4));
  });

  it('accepts an autofilled code arriving whole in the first box', () => {
    render(<Harness />);
    fireEvent.change(box(0), { target: { value: '246810' } });
    expect(value()).toBe('246810');
  });

  it('moves with the arrow keys, Home and End', () => {
    render(<Harness initial="123456" />);
    box(2).focus();
    fireEvent.keyDown(box(2), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(box(3));
    fireEvent.keyDown(box(3), { key: 'ArrowLeft' });
    fireEvent.keyDown(box(2), { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(box(1));
    fireEvent.keyDown(box(1), { key: 'End' });
    expect(document.activeElement).toBe(box(5));
    fireEvent.keyDown(box(5), { key: 'Home' });
    expect(document.activeElement).toBe(box(0));
  });

  it('disables every box when disabled', () => {
    render(<OtpInput value="12" disabled />);
    expect(boxes().every((input) => input.closest('fieldset')?.disabled)).toBe(true);
  });
});

describe('isCompleteCode', () => {
  it('is true only for six digits', () => {
    expect(isCompleteCode('012345')).toBe(true);
    expect(isCompleteCode('01234')).toBe(false);
    expect(isCompleteCode('12 456')).toBe(false);
    expect(isCompleteCode(undefined)).toBe(false);
  });
});
