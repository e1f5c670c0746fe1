import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { PlainLinkButton } from '../../app/plain-button.tsx';
import { rememberReferralCode } from '../referrals/referral-code.ts';
import { AboutSection } from './about-section.tsx';
import { ChainsSection } from './chains-section.tsx';
import { FeaturedProjectsSection } from './featured-projects-section.tsx';
import { FeaturesSection } from './features-section.tsx';
import { HeroSection } from './hero-section.tsx';
import { PricingSection } from './pricing-section.tsx';
import { PublicLayout } from './public-layout.tsx';
import { scrollToSection } from './section-link.tsx';

/**
 * The landing page `/` (spec section 2): hero, chains, about, features, the sample collection, pricing. The spec's
 * testimonials ("Our clients") are left out: there are none to show that are not invented.
 */
export function LandingPage() {
  const location = useLocation();

  // Arriving through a referral link (`/?ref=CODE`): keep the code for the sign-up.
  useEffect(() => rememberReferralCode(location.search), [location.search]);

  // Arriving from another page at /#pricing: scroll to the section once it is on the page.
  useEffect(() => {
    const id = location.hash.slice(1);
    if (id) scrollToSection(id);
  }, [location.hash]);

  return (
    <PublicLayout>
      <HeroSection />
      <ChainsSection />
      <AboutSection />
      <FeaturesSection />
      <FeaturedProjectsSection />
      <PricingSection />
      <section className="ll-closing" aria-labelledby="ll-closing-title">
        <div className="ll-container">
          <div className="ll-closing-card">
            <div>
              <h2 id="ll-closing-title">Your layers are ready. Your collection is one click away.</h2>
              <p>Create a free account and generate your first 100 tokens today.</p>
            </div>
            <PlainLinkButton className="ll-cta-main" size="large" to="/auth/signup">
              GET STARTED
            </PlainLinkButton>
          </div>
        </div>
      </section>
    </PublicLayout>
  );
}
