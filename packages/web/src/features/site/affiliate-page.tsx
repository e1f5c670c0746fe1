import { LinkOutlined, ShareAltOutlined, TeamOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { LinkButton } from '../../components/link-button.tsx';
import { PageHero, PublicLayout } from './public-layout.tsx';

const steps = [
  {
    icon: <LinkOutlined />,
    title: 'Get your link',
    text: 'Each affiliate gets a personal referral link from the Referrals area of the dashboard.',
  },
  {
    icon: <ShareAltOutlined />,
    title: 'Share it with creators',
    text: 'Post it in your tutorials, your Discord or your newsletter. People who sign up through it are counted as your referrals.',
  },
  {
    icon: <TeamOutlined />,
    title: 'Earn on their plans',
    text: 'When someone you referred pays for a collection, you earn a share of that payment, shown in your referral earnings.',
  },
];

/** The Affiliate Program: how it works, honestly marked as opening soon. */
export function AffiliatePage() {
  return (
    <PublicLayout title="Affiliate Program">
      <PageHero
        eyebrow="Partners"
        title="Affiliate Program"
        lead="Teach NFT art, run a creator community or build tools for artists? Recommend Layerloom and share in what your referrals pay."
      />
      <div className="ll-page-body">
        <div className="ll-container">
          <div className="ll-notice ll-card" role="note">
            <strong>Opening soon.</strong> Sign-up for affiliates opens from the dashboard’s Referrals area,
            which is still being built, so no links or earnings exist yet. Want to be told first, or to talk
            about a partnership now? <Link to="/contact">Write to us</Link>.
          </div>
          <h2 className="ll-subhead">How it will work</h2>
          <ol className="ll-affiliate-steps">
            {steps.map((step, index) => (
              <li key={step.title} className="ll-card">
                <span className="ll-aside-icon" aria-hidden="true">
                  {step.icon}
                </span>
                <h3>
                  {index + 1}. {step.title}
                </h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
          <div className="ll-prose">
            <h2>Who it is for</h2>
            <p>
              Educators, community leads, agencies and tool makers whose audience makes generative
              collections. You need a Layerloom account in good standing; you may not refer yourself, buy ads
              on the Layerloom name, or promise people anything on our behalf.
            </p>
            <h2>The details</h2>
            <p>
              The commission rate, how long a referral counts, and when and how earnings are paid out will be
              published on this page before the program opens, and apply only from then. Until then nothing is
              tracked, and nothing is owed.
            </p>
          </div>
          <div className="ll-cta-row">
            <LinkButton to="/contact" type="primary" size="large">
              Contact us about the program
            </LinkButton>
            <LinkButton to="/auth/signup" size="large">
              Create an account
            </LinkButton>
          </div>
        </div>
      </div>
    </PublicLayout>
  );
}
