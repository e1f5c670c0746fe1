/** How long an administrator usually takes to approve a new account (the login refusal says the same). */
export const APPROVAL_WAIT = 'usually within one working day';

/**
 * What happens between signing up and logging in, as numbered steps: `done` steps are ticked off, so
 * the success and verified pages tell the same story from where the user stands.
 */
export function ApprovalSteps({ done }: { done: 'signed-up' | 'verified' }) {
  const steps = [
    {
      key: 'verify',
      text: 'Confirm your email address with the link we emailed you.',
      isDone: done === 'verified',
    },
    {
      key: 'approve',
      text: `An administrator approves new accounts, ${APPROVAL_WAIT}.`,
      isDone: false,
    },
    {
      key: 'mail',
      text: 'We email you as soon as your account is approved; you can log in then.',
      isDone: false,
    },
  ];
  return (
    <section className="ll-next-steps" aria-labelledby="ll-next-steps-title">
      <h2 id="ll-next-steps-title" className="ll-next-steps__title">
        What happens next
      </h2>
      <ol>
        {steps.map((step) => (
          <li key={step.key} className={step.isDone ? 'is-done' : undefined}>
            {step.text}
            {step.isDone ? <span className="ll-next-steps__done">(done)</span> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
