import { LoopCarousel } from './loop-carousel.tsx';
import { featuredProjects } from './showcase-content.ts';

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

/** Featured Projects: six collections made with Layerloom, in a looping carousel between two triangles. */
export function FeaturedProjectsSection() {
  return (
    <section className="ll-featured" aria-labelledby="ll-featured-title">
      <TriangleDivider direction="up" />
      <div className="ll-showcase">
        <div className="ll-container">
          <div className="ll-section-head">
            <p className="ll-eyebrow">Made with Layerloom</p>
            <h2 id="ll-featured-title">Featured Projects</h2>
            <p>Collections generated from layered traits, with rarity, rules and metadata done for them.</p>
          </div>
        </div>
        <div className="ll-container">
          <LoopCarousel
            label="Featured Projects"
            className="ll-featured-carousel"
            items={featuredProjects}
            itemKey={(project) => project.id}
            renderItem={(project) => (
              <figure className="ll-project">
                <img src={project.image} alt={`${project.title}: a token of the collection`} loading="lazy" />
                <figcaption>
                  <strong>{project.title}</strong>
                  <span>{project.detail}</span>
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
