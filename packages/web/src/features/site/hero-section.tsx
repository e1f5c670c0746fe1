import { PlainLinkButton } from '../../app/plain-button.tsx';
import { ThunderboltFilled } from '../../app/plain-icons.tsx';

// Tokens of the generated sample collection (public/art/sample), picked for variety.
const heroTokens = [3, 9, 4, 15, 2, 11, 7, 20, 13];

/** The hero: the product's promise, GET STARTED (sign-up) and a wall of generated tokens. */
export function HeroSection() {
  return (
    <section id="home" className="ll-hero" aria-labelledby="ll-hero-title">
      <div className="ll-container ll-hero-grid">
        <div>
          <p className="ll-eyebrow">Layers in, collection out</p>
          <h1 id="ll-hero-title">
            No Code <span className="ll-accent">NFT Collection</span> Generator
          </h1>
          <p className="ll-hero-lead">
            Upload your layers, set how rare every trait is, preview, and generate thousands of unique images
            with their metadata. Then export to IPFS or deploy with your own mint page. No code, no scripts.
          </p>
          <div className="ll-hero-cta">
            <PlainLinkButton className="ll-cta-main" size="large" to="/auth/signup">
              GET STARTED
            </PlainLinkButton>
            <PlainLinkButton className="ll-cta-secondary" size="large" to="/sample-collection">
              See a sample collection
            </PlainLinkButton>
          </div>
          <p className="ll-hero-note">Free plan: up to 100 assets, no card needed.</p>
        </div>
        <div className="ll-hero-art">
          {heroTokens.map((edition) => (
            <div key={edition} className="ll-hero-tile">
              <img
                src={`/art/sample/${edition}.webp`}
                alt={`Loomlings #${edition}, a generated sample token`}
              />
            </div>
          ))}
          <div className="ll-hero-chip" aria-hidden="true">
            <span className="ll-hero-chip-dot">
              <ThunderboltFilled />
            </span>
            <span>
              <strong>24 unique tokens</strong>5 layers · 32 traits · 3 rules
            </span>
          </div>
        </div>
      </div>
    </section>
  );
}
