import type { MailMessage } from './mailer.ts';

const PRODUCT = 'Layerloom';

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

interface Body {
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  code?: string;
}

function render(to: string, subject: string, body: Body): MailMessage {
  const parts = body.paragraphs.map((text) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`);
  const code = body.code
    ? `<p style="font-size:32px;letter-spacing:8px;font-weight:bold;margin:0 0 16px">${escapeHtml(body.code)}</p>`
    : '';
  const action = body.action
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(body.action.url)}" style="background:#6c3bff;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(body.action.label)}</a></p><p style="margin:0 0 16px;font-size:12px;color:#666">Or open this address: ${escapeHtml(body.action.url)}</p>`
    : '';
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;color:#222;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px;color:#6c3bff">${PRODUCT}</h1><p style="margin:0 0 16px">${escapeHtml(body.greeting)}</p>${code}${parts.join('')}${action}<p style="margin:24px 0 0;font-size:12px;color:#666">— The ${PRODUCT} team</p></body></html>`;
  const text = [
    body.greeting,
    '',
    ...(body.code ? [body.code, ''] : []),
    ...body.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(body.action ? [`${body.action.label}: ${body.action.url}`, ''] : []),
    `— The ${PRODUCT} team`,
  ].join('\n');
  return { to, subject, html, text };
}

/** The link a new user opens to confirm their address. */
export function verificationMail(
  to: string,
  firstName: string,
  link: string,
  validHours: number,
): MailMessage {
  return render(to, `Confirm your email for ${PRODUCT}`, {
    greeting: `Hi ${firstName},`,
    paragraphs: [
      `Welcome to ${PRODUCT}! Please confirm your email address to finish creating your account.`,
      `The link is valid for ${validHours} hours and works once. If you did not sign up, ignore this email.`,
    ],
    action: { label: 'Confirm my email', url: link },
  });
}

/** The one-time code of a password reset. */
export function resetCodeMail(
  to: string,
  firstName: string,
  code: string,
  validMinutes: number,
): MailMessage {
  return render(to, `Your ${PRODUCT} password reset code`, {
    greeting: `Hi ${firstName},`,
    code,
    paragraphs: [
      `Enter this code to choose a new password. It expires in ${validMinutes} minutes.`,
      'If you did not ask to reset your password, ignore this email; your password stays the same.',
    ],
  });
}

/** Tells the user an admin approved their account. */
export function accountApprovedMail(to: string, firstName: string, loginUrl: string): MailMessage {
  return render(to, `Your ${PRODUCT} account is approved`, {
    greeting: `Hi ${firstName},`,
    paragraphs: [
      'Good news: your account has been approved. You can log in and start generating collections.',
    ],
    action: { label: 'Log in', url: loginUrl },
  });
}

/** Tells the user an admin rejected their account, and why. */
export function accountRejectedMail(
  to: string,
  firstName: string,
  reason: string,
  contactUrl: string,
): MailMessage {
  return render(to, `Your ${PRODUCT} account request`, {
    greeting: `Hi ${firstName},`,
    paragraphs: [
      'We are sorry: your account request was not approved.',
      `Reason: ${reason}`,
      'If you think this is a mistake, contact us.',
    ],
    action: { label: 'Contact us', url: contactUrl },
  });
}

/** The link that confirms a new email address (sent to the new address; the email changes once opened). */
export function emailChangeMail(
  to: string,
  firstName: string,
  link: string,
  validHours: number,
): MailMessage {
  return render(to, `Confirm your new email for ${PRODUCT}`, {
    greeting: `Hi ${firstName},`,
    paragraphs: [
      `You asked to use this address for your ${PRODUCT} account. Confirm it to make the change; until then your account keeps its current email.`,
      `The link is valid for ${validHours} hours and works once. If you did not ask for this, ignore this email.`,
    ],
    action: { label: 'Confirm my new email', url: link },
  });
}

/** Tells the old address that a change of email was asked for (and, once confirmed, made). */
export function emailChangeNoticeMail(
  to: string,
  firstName: string,
  newEmail: string,
  stage: 'requested' | 'changed',
): MailMessage {
  return render(to, `Your ${PRODUCT} email ${stage === 'changed' ? 'was changed' : 'change'}`, {
    greeting: `Hi ${firstName},`,
    paragraphs: [
      stage === 'changed'
        ? `The email of your ${PRODUCT} account is now ${newEmail}. This address no longer signs in.`
        : `Someone signed in to your ${PRODUCT} account asked to change its email to ${newEmail}. It changes only once that address confirms it.`,
      'If this was not you, change your password and contact us.',
    ],
  });
}

/** Tells the user their password was changed from Settings › Security (their other sessions were signed out). */
export function passwordChangedMail(to: string, firstName: string, loginUrl: string): MailMessage {
  return render(to, `Your ${PRODUCT} password was changed`, {
    greeting: `Hi ${firstName},`,
    paragraphs: [
      `The password of your ${PRODUCT} account was just changed. Every other device signed in to your account was signed out.`,
      'If this was not you, reset your password at once with "Forgot Password?" on the login page and contact us.',
    ],
    action: { label: 'Open Layerloom', url: loginUrl },
  });
}

export function referralInviteMail(to: string, inviterName: string, link: string): MailMessage {
  return render(to, `${inviterName} invited you to ${PRODUCT}`, {
    greeting: 'Hi,',
    paragraphs: [
      `${inviterName} uses ${PRODUCT} to generate NFT collections from layered artwork, without code, and invited you to try it.`,
      'Sign up through the link below so they are credited for inviting you. If you did not expect this mail, you can ignore it: we will not write to you again about it this week.',
    ],
    action: { label: `Join ${PRODUCT}`, url: link },
  });
}

export function twoFactorChangedMail(
  to: string,
  firstName: string,
  enabled: boolean,
  securityUrl: string,
): MailMessage {
  const state = enabled ? 'turned on' : 'turned off';
  return render(to, `Two-factor sign-in was ${state} for your ${PRODUCT} account`, {
    greeting: `Hi ${firstName},`,
    paragraphs: [
      enabled
        ? `Two-factor sign-in was just turned on: from now on, signing in asks for a code from your authenticator app (or one of your recovery codes).`
        : `Two-factor sign-in was just turned off: signing in now needs only your password.`,
      'If this was not you, change your password at once and contact us.',
    ],
    action: { label: 'Open Settings › Security', url: securityUrl },
  });
}

export function referralSignedUpMail(
  to: string,
  firstName: string,
  referredName: string,
  referralsUrl: string,
): MailMessage {
  return render(to, `${referredName} joined ${PRODUCT} through your link`, {
    greeting: `Hi ${firstName},`,
    paragraphs: [
      `${referredName} just signed up to ${PRODUCT} through your referral link. You can follow them on your Referrals page.`,
      'You receive this because Referrals mails are on in Settings › Notification; turn them off there.',
    ],
    action: { label: 'Open Referrals', url: referralsUrl },
  });
}

export function accountDeactivatedMail(to: string, firstName: string, loginUrl: string): MailMessage {
  return render(to, `Your ${PRODUCT} account was deactivated`, {
    greeting: `Hi ${firstName},`,
    paragraphs: [
      `Your ${PRODUCT} account was deactivated and every device signed in to it was signed out. Your public mint pages stay up.`,
      'To use your account again, sign in with your email and password and choose to reactivate it. If this was not you, reset your password with "Forgot Password?" on the login page and contact us.',
    ],
    action: { label: 'Open Layerloom', url: loginUrl },
  });
}

export function accountReactivatedMail(to: string, firstName: string, loginUrl: string): MailMessage {
  return render(to, `Your ${PRODUCT} account is active again`, {
    greeting: `Hi ${firstName},`,
    paragraphs: [
      `Your ${PRODUCT} account was reactivated by signing in. Welcome back.`,
      'If this was not you, reset your password at once with "Forgot Password?" on the login page and contact us.',
    ],
    action: { label: 'Open Layerloom', url: loginUrl },
  });
}

export function accountDeletedMail(to: string, firstName: string): MailMessage {
  return render(to, `Your ${PRODUCT} account was deleted`, {
    greeting: `Hi ${firstName},`,
    paragraphs: [
      `Your ${PRODUCT} account was deleted, with its projects, collections, files and sessions. We keep only the payment records accounting law requires, with no link to you.`,
      'Thank you for creating with us. If this was not you, contact us at once.',
    ],
  });
}

/**
 * A notification of the bell, mailed when the user's settings allow its kind. `footer` says why it was sent
 * (the Settings › Notification toggle it obeys, or that it is always sent), as the sender knows it.
 */
export function notificationMail(
  to: string,
  firstName: string,
  notice: { title: string; body: string; url: string | null; footer: string | null },
): MailMessage {
  return render(to, notice.title, {
    greeting: `Hi ${firstName},`,
    paragraphs: notice.footer ? [notice.body, notice.footer] : [notice.body],
    ...(notice.url ? { action: { label: 'Open Layerloom', url: notice.url } } : {}),
  });
}

/** Layerloom support's reply to a message sent through the contact form by a visitor without an account. */
export function supportReplyMail(to: string, name: string, subject: string, reply: string): MailMessage {
  return render(to, `Re: ${subject}`, {
    greeting: `Hi ${name},`,
    paragraphs: [
      ...reply.split(/\n{2,}/),
      'To answer, write to us again through the contact form on our site.',
    ],
  });
}

/** An invitation to a team workspace: who invites, to what, with which role, and the link that accepts it. */
export function workspaceInvitationMail(
  to: string,
  invitation: {
    inviter: string;
    workspace: string;
    role: string;
    roleDescription: string;
    link: string;
    validDays: number;
  },
): MailMessage {
  return render(to, `${invitation.inviter} invited you to ${invitation.workspace} on ${PRODUCT}`, {
    greeting: 'Hi,',
    paragraphs: [
      `${invitation.inviter} invited you to join the team workspace “${invitation.workspace}” on ${PRODUCT} as ${invitation.role}: ${invitation.roleDescription}`,
      `Open the link to accept. If you have no ${PRODUCT} account yet, you can sign up with this address from there. The link works for ${invitation.validDays} days. If you did not expect this mail, you can ignore it.`,
    ],
    action: { label: `Join ${invitation.workspace}`, url: invitation.link },
  });
}
