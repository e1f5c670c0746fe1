import { Link } from 'react-router';
import { LegalDocument, type LegalSection } from './legal-document.tsx';

const sections: LegalSection[] = [
  {
    id: 'agreement',
    title: 'These terms',
    body: (
      <>
        <p>
          Layerloom is an online tool that turns layers of artwork into a collection of unique images with
          their metadata, and helps you publish that collection. These terms are the agreement between you and
          Layerloom when you use the website, the app and the API. By creating an account or using the service
          you accept them. If you use Layerloom for a company, you accept them for that company.
        </p>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    body: (
      <>
        <ul>
          <li>You must be at least 16 years old and old enough to enter contracts where you live.</li>
          <li>
            Give a real name and an email address you can read. We send a link to verify it, and an
            administrator reviews new accounts before they can sign in. We may decline an account, and we tell
            you why.
          </li>
          <li>
            Keep your password to yourself. You are responsible for what happens under your account; tell us
            at once through the <Link to="/contact">contact form</Link> if you think someone else has used it.
          </li>
          <li>One person per account. Do not create accounts to get around plan limits or a suspension.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'content',
    title: 'Your artwork stays yours',
    body: (
      <>
        <p>
          You keep every right you have in the layers you upload and in the collections you generate from
          them. Layerloom claims no ownership of your art, your traits or your collections.
        </p>
        <p>
          To run the service you give us a limited permission to store, copy, resize, combine and show your
          uploads and generated collections, only to provide Layerloom to you: rendering previews and tokens,
          making your downloads, and publishing what you choose to publish (for example a mint page or an
          upload to IPFS). The permission ends when you delete the content or your account, except for copies
          you have published yourself and for backups that expire on their normal schedule.
        </p>
        <p>
          You promise that you own your uploads or have permission to use them, and that generating and
          selling a collection from them does not infringe anyone else’s rights.
        </p>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <>
        <p>Do not use Layerloom to:</p>
        <ul>
          <li>upload or publish art you have no right to use, or copies of other collections;</li>
          <li>make content that is illegal, sexualises minors, incites violence or harasses people;</li>
          <li>run scams, such as fake mints, impersonated projects or promises of returns;</li>
          <li>
            upload malware, or try to break, overload, scrape or probe the service or other users’ data;
          </li>
          <li>get around plan limits, rate limits, watermarks or access controls.</li>
        </ul>
        <p>
          We may remove content or suspend accounts that break these rules. Where we can, we tell you first
          and give you the chance to fix it.
        </p>
      </>
    ),
  },
  {
    id: 'blockchain',
    title: 'Collections, wallets and blockchains',
    body: (
      <>
        <p>
          Layerloom generates files; it does not hold your keys or your funds. When you deploy a contract or
          mint, your own wallet signs the transaction and pays the network fee. Blockchain transactions cannot
          be undone, and anything you put on IPFS or on a chain may stay public for good, even after you
          delete it from Layerloom.
        </p>
        <p>
          You are responsible for your collection and its sale: the price, the royalties, your promises to
          collectors, and the laws that apply to you, including tax and consumer law. NFTs can lose value;
          Layerloom gives no financial advice.
        </p>
      </>
    ),
  },
  {
    id: 'plans',
    title: 'Plans and payments',
    body: (
      <>
        <p>
          The Free plan generates collections of up to 100 assets, with a watermark on the images. Paid plans
          are one-time payments in US dollars, each applying to every collection generated after it: Starter
          $179 (up to 1,000 assets), Pro $279 (up to 5,000) and Enterprise $379 (up to 10,000), without
          watermark. The <Link to="/#pricing">pricing section</Link> lists what each includes.
        </p>
        <ul>
          <li>
            Payments are handled by our payment provider. We never see or store your full card number or its
            security code; we keep only the card brand, the last four digits and the expiry date.
          </li>
          <li>Prices include no taxes unless stated; taxes your country charges are added at checkout.</li>
          <li>
            If a paid generation fails because of a fault on our side and we cannot fix it within a reasonable
            time, we refund it. Once a paid collection has been generated and delivered, the payment is not
            refundable, except where the law gives you a right to a refund.
          </li>
          <li>We announce price changes in advance; they never change what you have already paid for.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'service',
    title: 'Availability and changes',
    body: (
      <p>
        We work to keep Layerloom available and your files safe, but we cannot promise the service will never
        be interrupted. Keep your own copy of your layers and download your collections. We may improve,
        change or retire features; if a change takes away something you rely on, we tell you in advance by
        email.
      </p>
    ),
  },
  {
    id: 'ending',
    title: 'Ending your use',
    body: (
      <p>
        You can stop using Layerloom and delete your account at any time from the dashboard settings. We may
        suspend or close an account that seriously or repeatedly breaks these terms, or when the law requires
        it. When an account is closed we delete its uploads and collections as the{' '}
        <Link to="/privacy">Privacy Policy</Link> describes.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Warranties and liability',
    body: (
      <p>
        Layerloom is provided “as is”. As far as the law allows, we are not liable for indirect losses, lost
        profits, the value of any NFT, or for losses caused by blockchains, wallets, marketplaces or other
        services we do not run. Our total liability to you is limited to what you paid us in the twelve months
        before the claim. Nothing in these terms limits liability that cannot be limited by law.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        When we change these terms we update the date at the top, and for changes that matter we email you at
        least 30 days before they apply. If you keep using Layerloom after that, the new terms apply; if you
        do not accept them, you can delete your account.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about these terms? Write to us through the <Link to="/contact">contact form</Link>; we
        answer within two working days.
      </p>
    ),
  },
];

/** The Terms of Service, in plain language. */
export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      lead="The rules for using Layerloom, in plain language: your art stays yours, use the service fairly, and here is how plans and payments work."
      updated="23 November 2026"
      sections={sections}
    />
  );
}
