import { Fragment } from 'react';

/** A sentence with `code` spans between backticks, as React nodes. */
export function RichText({ text }: { text: string }) {
  const parts = text.split('`');
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed sentence never reorder.
          <code key={index}>{part}</code>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above.
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}
