import { LoopCarousel } from './loop-carousel.tsx';
import { testimonials } from './showcase-content.ts';

/** Testimonials ("Our clients"): five creators on what Layerloom did for their collections. */
export function TestimonialsSection() {
  return (
    <section id="our-clients" className="ll-section ll-testimonials" aria-labelledby="ll-clients-title">
      <div className="ll-container">
        <div className="ll-section-head">
          <p className="ll-eyebrow">Our clients</p>
          <h2 id="ll-clients-title">Creators ship with Layerloom</h2>
          <p>Artists, studios and communities on generating their collections.</p>
        </div>
        <LoopCarousel
          label="Testimonials"
          className="ll-testimonials-carousel"
          items={testimonials}
          intervalMs={5000}
          itemKey={(testimonial) => testimonial.id}
          renderItem={(testimonial) => (
            <figure className="ll-testimonial">
              <blockquote>{testimonial.text}</blockquote>
              <figcaption>
                <img src={testimonial.avatar} alt="" width={52} height={52} loading="lazy" />
                <span>
                  <strong>{testimonial.name}</strong>
                  <span>{testimonial.role}</span>
                </span>
              </figcaption>
            </figure>
          )}
        />
      </div>
    </section>
  );
}
