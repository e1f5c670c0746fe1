import { Link } from 'react-router';
import { LegalDocument, type LegalSection } from './legal-document.tsx';

const sections: LegalSection[] = [
  {
    id: 'summary',
    title: 'In short',
    body: (
      <ul>
        <li>
          We keep what we need to run your account and make your collections, and nothing to advertise to you.
        </li>
        <li>One cookie: the session cookie that keeps you signed in. No analytics or advertising cookies.</li>
        <li>We never sell your data. You can see, download and delete what we keep.</li>
      </ul>
    ),
  },
  {
    id: 'data',
    title: 'What we keep',
    body: (
      <>
        <h3>Your account</h3>
        <p>
          Your name, email address, role, account status (pending, approved or rejected, with the reason you
          were told), plan and notification settings. Your password is stored only as a salted Argon2 hash;
          nobody at Layerloom can read it.
        </p>
        <h3>Sign-in and verification</h3>
        <p>
          Email verification links and password reset codes are stored as hashes, expire, and can be used
          once. Reset requests are removed after a day. Each signed-in session is a random token; we store
          only its hash.
        </p>
        <h3>Your uploads and collections</h3>
        <p>
          The layer images you upload, with their trait names, weights and rules; the previews and collections
          you generate (images, metadata, rarity reports) and the downloads made from them (ZIP, collage, GIF,
          IPFS CAR files).
        </p>
        <h3>Messages to us</h3>
        <p>What you send through the contact form: your name, email address, subject and message.</p>
        <h3>Payments</h3>
        <p>
          Card payments go to our payment provider. We receive and keep only the card brand, its last four
          digits and its expiry date, never the card number or security code.
        </p>
        <h3>Security logs</h3>
        <p>
          Our servers log requests (IP address, time, address requested, result) to keep the service secure
          and to enforce rate limits. We keep these logs for no more than 30 days.
        </p>
      </>
    ),
  },
  {
    id: 'use',
    title: 'Why we use it',
    body: (
      <ul>
        <li>To run your account: sign-in, verification, the admin review of new accounts, and your plan.</li>
        <li>To do what you ask: store layers, render previews, generate collections and make downloads.</li>
        <li>
          To email you about your account: verification links, approval or rejection, and password reset
          codes.
        </li>
        <li>To answer your messages, and to keep the service safe from abuse.</li>
      </ul>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    body: (
      <p>
        Layerloom sets a single cookie, <code>layerloom_session</code>, when you sign in. It is HttpOnly
        (scripts cannot read it), sent only to Layerloom, and removed when you log out or the session expires.
        We use no analytics, advertising or third-party tracking cookies, so there is no cookie banner to
        click.
      </p>
    ),
  },
  {
    id: 'sharing',
    title: 'Who else sees it',
    body: (
      <>
        <ul>
          <li>Our hosting and storage providers, which keep the data on our behalf.</li>
          <li>Our email provider, to deliver the messages we send you.</li>
          <li>Our payment provider, when you buy a plan.</li>
        </ul>
        <p>
          When you choose to publish, what you publish becomes public: a mint page, files uploaded to IPFS and
          anything written to a blockchain can be seen by anyone and may not be removable. The{' '}
          <Link to="/metadata-viewer">Metadata Viewer</Link> loads the address you enter (and IPFS links
          through the public ipfs.io gateway) directly from your browser, so that server sees your IP address.
          We share data with authorities only when the law requires it.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <ul>
        <li>Account data: as long as your account exists.</li>
        <li>Uploads and collections: until you delete them, or your account.</li>
        <li>Contact messages: until your question is settled, then at most 12 months.</li>
        <li>Security logs: 30 days. Expired sessions, codes and reset requests are removed automatically.</li>
        <li>
          Deleted data leaves our live systems at once and our backups within 30 days. Payment records are
          kept as long as tax law requires.
        </li>
      </ul>
    ),
  },
  {
    id: 'rights',
    title: 'Your choices and rights',
    body: (
      <p>
        You can correct your profile and download your collections from the dashboard, and delete collections
        or your whole account from the settings. You can also ask us for a copy of everything we hold about
        you, to correct it, to delete it or to stop using it, through the{' '}
        <Link to="/contact">contact form</Link>. We answer within 30 days. You may also complain to your data
        protection authority.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        Passwords and one-time codes are hashed, sessions are random tokens, traffic is encrypted with HTTPS,
        and sign-in and reset forms are rate limited. You see only your own collections; administrators see
        account details needed to review sign-ups. If a breach ever affects your data, we tell you without
        delay.
      </p>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: <p>Layerloom is not for children under 16, and we do not knowingly keep data about them.</p>,
  },
  {
    id: 'changes',
    title: 'Changes and contact',
    body: (
      <p>
        If we change this policy we update the date at the top and, for changes that matter, email you first.
        Questions or requests: use the <Link to="/contact">contact form</Link> with the subject “Privacy”.
      </p>
    ),
  },
];

/** The Privacy Policy, in plain language. */
export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      lead="What Layerloom keeps about you, why, for how long, and how to see or delete it. One cookie, no trackers, nothing sold."
      updated="23 November 2026"
      sections={sections}
    />
  );
}
