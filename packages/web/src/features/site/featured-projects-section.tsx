import { Link } from 'react-router';
import { LoopCarousel } from './loop-carousel.tsx';
import { sampleCollection } from './showcase-content.ts';

/** The triangle that bounds the Featured Projects band: pointing up above it, down below it. */
export function TriangleDivider({ direction }: { direction: 'up' | 'down' }) {
  return (
    <svg
      className="ll-triangle"
      viewBox="0 0 100 10"
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
      data-triangle={direction}
    >
      <polygon points={direction === 'up' ? '0,10 50,0 100,10' : '0,0 50,10 100,0'} fill="#16112b" />
    </svg>
  );
}

/**
 * Made with Layerloom: tokens of the sample collection the engine generated from the product's own sample art,
 * each with its real rarity rank, linking to the whole collection. Nothing here is a customer's project.
 */
export function FeaturedProjectsSection() {
  const { name, size, tokens } = sampleCollection;
  return (
    <section className="ll-featured" aria-labelledby="ll-featured-title">
      <TriangleDivider direction="up" />
      <div className="ll-showcase">
        <div className="ll-container">
          <div className="ll-section-head">
            <p className="ll-eyebrow">Made with Layerloom</p>
            <h2 id="ll-featured-title">The sample collection</h2>
            <p>
              {name}: {size} tokens the engine generated from five layers of sample art, with weights and
              rules. Its rarest, by rank. <Link to="/sample-collection">See the whole collection</Link>
            </p>
          </div>
        </div>
        <div className="ll-container">
          <LoopCarousel
            label={`${name}, the sample collection`}
            className="ll-featured-carousel"
            items={tokens}
            itemKey={(token) => String(token.edition)}
            renderItem={(token) => (
              <figure className="ll-project">
                <img src={token.image} alt={`${name} #${token.edition}`} loading="lazy" />
                <figcaption>
                  <strong>
                    {name} #{token.edition}
                  </strong>
                  <span>
                    Rarity rank {token.rank} of {size}
                  </span>
                </figcaption>
              </figure>
            )}
          />
        </div>
      </div>
      <TriangleDivider direction="down" />
    </section>
  );
}
