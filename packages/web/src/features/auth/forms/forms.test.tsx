// Ant Design forms render slowly in jsdom, more so on a busy 2-core machine: allow each test 20 s.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../../app/providers.tsx';
import { nextPathAfterLogin } from '../next-path.ts';
import { ForgotForm } from './forgot-form.tsx';
import { LoginForm } from './login-form.tsx';
import { NewPasswordForm } from './new-password-form.tsx';
import { OtpForm } from './otp-form.tsx';
import { SignupForm } from './signup-form.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

function wrap(children: ReactNode) {
  return render(
    <Providers client={createQueryClient()}>
      <MemoryRouter>{children}</MemoryRouter>
    </Providers>,
  );
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const click = (name: RegExp | string) => fireEvent.click(screen.getByRole('button', { name }));

/** Answers every fetch with one JSON response and records the requests. */
function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => Response.json(body, { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const user = {
  _id: 'u1',
  name: { first: 'Ada', last: 'Lovelace' },
  email: 'ada@example.com',
  avatar: null,
  role: 'user',
  status: 'verified',
  accountAccepted: { status: 'approved', reason: 'OK' },
  planId: 'free',
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('SignupForm', () => {
  it('names each missing field with the spec messages', async () => {
    answer(500, {});
    wrap(<SignupForm onSignedUp={vi.fn()} />);
    click('Sign up');
    expect(await screen.findByText('First name is required!')).toBeTruthy();
    expect(screen.getByText('Last name is required!')).toBeTruthy();
    expect(screen.getByText('Please enter your email!')).toBeTruthy();
    expect(screen.getByText('Please enter a password!')).toBeTruthy();
  });

  it('says what is wrong with a malformed email, a short and a common password', async () => {
    const fetchMock = answer(500, {});
    wrap(<SignupForm onSignedUp={vi.fn()} />);
    type('Email', 'ada@');
    type('Password', 'abc');
    click('Sign up');
    expect(await screen.findByText('Please enter a valid email!')).toBeTruthy();
    expect(screen.getByText('Password must be at least 6 characters!')).toBeTruthy();
    type('Password', 'password');
    expect(await screen.findByText('This password is too common; choose another one!')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the page payload and shows a duplicate email from the server on the email field', async () => {
    const fetchMock = answer(409, {
      status: 'error',
      error: {
        code: 'CONFLICT',
        message: 'An account with this email already exists.',
        fields: [{ path: 'email', message: 'An account with this email already exists' }],
      },
    });
    const onSignedUp = vi.fn();
    wrap(<SignupForm onSignedUp={onSignedUp} />);
    type('First name', ' Ada ');
    type('Last name', 'Lovelace');
    type('Email', 'ada@example.com');
    type('Password', 'analytical-engine');
    click('Sign up');
    expect(await screen.findByText('An account with this email already exists')).toBeTruthy();
    expect(onSignedUp).not.toHaveBeenCalled();
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      firstname: 'Ada',
      lastname: 'Lovelace',
      email: 'ada@example.com',
      password: 'analytical-engine',
    });
  });

  it('hands the created user on after a successful sign-up', async () => {
    answer(201, { status: 'success', data: { user: { ...user, status: 'unverified' } } });
    const onSignedUp = vi.fn();
    wrap(<SignupForm onSignedUp={onSignedUp} />);
    type('First name', 'Ada');
    type('Last name', 'Lovelace');
    type('Email', 'ada@example.com');
    type('Password', 'analytical-engine');
    click('Sign up');
    await waitFor(() => expect(onSignedUp).toHaveBeenCalledWith(expect.objectContaining({ _id: 'u1' })));
  });
});

describe('LoginForm', () => {
  const fill = () => {
    type('Email', 'ada@example.com');
    type('Password', 'analytical-engine');
    click('Login');
  };

  it('requires email and password', async () => {
    answer(500, {});
    wrap(<LoginForm onSignedIn={vi.fn()} />);
    click('Login');
    expect(await screen.findByText('Please enter your email!')).toBeTruthy();
    expect(screen.getByText('Please enter your password!')).toBeTruthy();
  });

  it('shows the rejection reason the server gives', async () => {
    answer(403, {
      status: 'error',
      error: { code: 'ACCOUNT_REJECTED', message: 'Your account request was not approved. Reason: spam' },
    });
    wrap(<LoginForm onSignedIn={vi.fn()} />);
    fill();
    expect(await screen.findByText('Account not approved')).toBeTruthy();
    expect(screen.getByText(/Reason: spam/)).toBeTruthy();
  });

  it('offers to resend the verification email to an unverified address', async () => {
    const fetchMock = answer(403, {
      status: 'error',
      error: { code: 'EMAIL_NOT_VERIFIED', message: 'Please confirm your email address first.' },
    });
    wrap(<LoginForm onSignedIn={vi.fn()} />);
    fill();
    await screen.findByText('Email not confirmed yet');
    fetchMock.mockImplementation(async () =>
      Response.json({
        status: 'success',
        message: 'If this email has an unconfirmed account, we sent a new link.',
        data: {},
      }),
    );
    click('Resend verification email');
    await waitFor(() =>
      expect(fetchMock).toHaveBeenLastCalledWith('/api/v1/users/resend-verification', expect.anything()),
    );
    expect(JSON.parse(String(fetchMock.mock.lastCall?.[1]?.body))).toEqual({ email: 'ada@example.com' });
    // What was done, not a wait for an approval nobody has asked for yet.
    expect(await screen.findByText('Verification email sent', { selector: '.ant-alert-title' })).toBeTruthy();
    expect(screen.getByText('If this email has an unconfirmed account, we sent a new link.')).toBeTruthy();
    expect(screen.queryByText('Waiting for approval')).toBeNull();
  });

  it('pauses logging in for the time the rate limit says', async () => {
    answer(429, {
      status: 'error',
      error: {
        code: 'RATE_LIMITED',
        message: 'Too many attempts. Try again in 90 seconds.',
        retryAfterSeconds: 90,
      },
    });
    wrap(<LoginForm onSignedIn={vi.fn()} />);
    fill();
    expect(await screen.findByText(/Try again in 1:30 min/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Login' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('signs in and hands the user on', async () => {
    answer(200, { status: 'success', data: { user } });
    const onSignedIn = vi.fn();
    wrap(<LoginForm onSignedIn={onSignedIn} />);
    fill();
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(expect.objectContaining({ _id: 'u1' })));
  });

  it('says social sign-in is coming soon instead of pretending', async () => {
    answer(500, {});
    wrap(<LoginForm onSignedIn={vi.fn()} />);
    click('Log in with Google (coming soon)');
    expect(await screen.findByText('Log in with Google is coming soon.')).toBeTruthy();
  });
});

describe('ForgotForm', () => {
  it("answers a malformed address with 'Invalid Email!'", async () => {
    answer(500, {});
    wrap(<ForgotForm onRequested={vi.fn()} />);
    type('Email', 'not-an-email');
    click('Send code');
    expect(await screen.findByText('Invalid Email!')).toBeTruthy();
  });

  it('hands on the opaque request id and the address', async () => {
    answer(200, { status: 'success', message: 'sent', data: { id: 'req-1' } });
    const onRequested = vi.fn();
    wrap(<ForgotForm onRequested={onRequested} />);
    type('Email', 'ada@example.com');
    click('Send code');
    await waitFor(() =>
      expect(onRequested).toHaveBeenCalledWith({ id: 'req-1', email: 'ada@example.com', verified: false }),
    );
  });
});

describe('OtpForm', () => {
  const request = { id: 'req-1', email: 'ada@example.com', verified: false };

  it('asks for all six digits before sending', async () => {
    const fetchMock = answer(500, {});
    wrap(<OtpForm request={request} onVerified={vi.fn()} onNewRequest={vi.fn()} />);
    click('Submit');
    expect(await screen.findByText('Enter all 6 digits of the code!')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's tries-left message for a wrong code and empties the boxes", async () => {
    const fetchMock = answer(400, {
      status: 'error',
      error: { code: 'OTP_INCORRECT', message: 'Wrong code. 4 tries left.' },
    });
    wrap(<OtpForm request={request} onVerified={vi.fn()} onNewRequest={vi.fn()} />);
    fireEvent.paste(screen.getByLabelText('Digit 1 of 6'), { clipboardData: { getData: () => '012345' } });
    click('Submit');
    expect(await screen.findByText('Wrong code. 4 tries left.')).toBeTruthy();
    expect((screen.getByLabelText('Digit 1 of 6') as HTMLInputElement).value).toBe('');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/users/verify-otp-code/req-1');
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ code: '012345' });
  });

  it('explains a locked request and offers a new code', async () => {
    answer(410, { status: 'error', error: { code: 'OTP_LOCKED', message: 'Too many wrong codes.' } });
    wrap(<OtpForm request={request} onVerified={vi.fn()} onNewRequest={vi.fn()} />);
    fireEvent.paste(screen.getByLabelText('Digit 1 of 6'), { clipboardData: { getData: () => '111111' } });
    click('Submit');
    expect(await screen.findByText('This code can no longer be used')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send a new code to ada@example.com' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start again' }).getAttribute('href')).toBe('/auth/forgot');
  });
});

describe('NewPasswordForm', () => {
  it('checks that the two passwords match before sending', async () => {
    const fetchMock = answer(500, {});
    wrap(
      <NewPasswordForm
        request={{ id: 'req-1', email: 'ada@example.com', verified: true }}
        onUpdated={vi.fn()}
      />,
    );
    type('New password', 'analytical-engine');
    type('Confirm password', 'analytical-engin');
    await act(async () => click('Update password'));
    expect(await screen.findByText('The two passwords do not match!')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('nextPathAfterLogin', () => {
  it('keeps local paths and refuses anything that leaves the site', () => {
    expect(nextPathAfterLogin('/dashboard/collections?page=2')).toBe('/dashboard/collections?page=2');
    expect(nextPathAfterLogin(null)).toBe('/dashboard');
    expect(nextPathAfterLogin('https://evil.example')).toBe('/dashboard');
    expect(nextPathAfterLogin('//evil.example/x')).toBe('/dashboard');
    expect(nextPathAfterLogin('/\\evil.example')).toBe('/dashboard');
    expect(nextPathAfterLogin('/\t/evil.example')).toBe('/dashboard');
    expect(nextPathAfterLogin('/auth/login')).toBe('/dashboard');
  });
});
