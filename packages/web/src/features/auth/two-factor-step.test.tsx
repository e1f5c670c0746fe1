import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers.tsx';
import { TwoFactorStep } from './two-factor-step.tsx';

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
afterEach(() => {
  vi.unstubAllGlobals();
});

const user = {
  _id: 'u1',
  name: { first: 'Ada', last: 'Lovelace' },
  email: 'ada@example.com',
  avatar: null,
  role: 'user',
  status: 'verified',
  accountAccepted: { status: 'approved', reason: null },
  planId: 'free',
};

function show(answer: (body: Record<string, unknown>) => Response) {
  const bodies: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body));
      bodies.push(body);
      return answer(body);
    }),
  );
  const onSignedIn = vi.fn();
  const onRestart = vi.fn();
  render(
    <Providers client={createQueryClient()}>
      <TwoFactorStep
        challenge={{ twoFactorRequired: true, challengeId: 'ch-1', expiresAt: '2026-11-25T02:05:00Z' }}
        onSignedIn={onSignedIn}
        onRestart={onRestart}
      />
    </Providers>,
  );
  return { bodies, onSignedIn, onRestart };
}

describe('login: the two-factor step', () => {
  it('signs in with the app code, after showing a wrong one', async () => {
    const { bodies, onSignedIn } = show((body) =>
      body.code === '123456'
        ? Response.json({ status: 'success', data: { user } })
        : Response.json(
            { status: 'error', error: { code: 'VALIDATION_FAILED', message: 'That code is not correct.' } },
            { status: 400 },
          ),
    );
    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('That code is not correct.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(user));
    expect(bodies.at(-1)).toEqual({ challengeId: 'ch-1', code: '123456' });
  });

  it('takes a recovery code instead, and offers to start again once the step expired', async () => {
    const { bodies, onRestart } = show(() =>
      Response.json(
        {
          status: 'error',
          error: { code: 'TOKEN_EXPIRED', message: 'The code step expired after 5 minutes.' },
        },
        { status: 410 },
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    fireEvent.change(screen.getByLabelText('Recovery code'), { target: { value: 'abcde-fghij' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code step expired after 5 minutes.')).toBeTruthy();
    expect(bodies[0]).toEqual({ challengeId: 'ch-1', recoveryCode: 'abcde-fghij' });
    fireEvent.click(screen.getAllByRole('button', { name: 'Back to login' })[0] as HTMLElement);
    expect(onRestart).toHaveBeenCalled();
  });
});
