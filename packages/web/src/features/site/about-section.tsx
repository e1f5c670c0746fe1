const steps = [
  {
    title: 'Upload your layers',
    text: 'Drop in PNG, JPEG or GIF traits layer by layer (Background, Body, Eyes, Hat…) or import a HashLips layers folder as a ZIP.',
  },
  {
    title: 'Set rarity and rules',
    text: 'Weight every trait, give layers a chance to appear, and add rules such as “Crown excludes Beanie”. Preview as you go.',
  },
  {
    title: 'Generate and ship',
    text: 'Generate up to 10,000 unique tokens with ERC-721 and Solana metadata, download ZIP or IPFS CAR files, and deploy.',
  },
];

// The separate layers of one Loomling (public/art/layers), bottom first, for the exploded view.
const stack = ['background', 'body', 'eyes', 'mouth', 'headwear'];

/** About: what Layerloom is and who it is for, with an exploded view of one token's layers. */
export function AboutSection() {
  return (
    <section id="about" className="ll-section ll-about" aria-labelledby="ll-about-title">
      <div className="ll-container ll-about-grid">
        <div className="ll-about-text">
          <p className="ll-eyebrow">About Layerloom</p>
          <h2 id="ll-about-title">Made for artists and NFT creators, not for developers</h2>
          <p>
            Layerloom is a no-code NFT collection generator. You bring the art; it does the combinatorics:
            every token unique, every rule respected, trait frequencies that follow your weights, and the same
            collection again from the same seed.
          </p>
          <ol className="ll-steps">
            {steps.map((step, index) => (
              <li key={step.title} className="ll-step">
                <span className="ll-step-number" aria-hidden="true">
                  {index + 1}
                </span>
                <div>
                  <h3>{step.title}</h3>
                  <p>{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
        <figure
          className="ll-stack"
          aria-label="One token is five layers stacked: background, body, eyes, mouth and headwear"
        >
          {stack.map((layer, index) => (
            <div
              key={layer}
              className="ll-stack-layer"
              style={{
                bottom: `${index * 17 + 2}%`,
                backgroundImage: `url(/art/layers/${layer}.webp)`,
                zIndex: index,
              }}
            />
          ))}
          {stack.map((layer, index) => (
            <span
              key={layer}
              className="ll-stack-label"
              style={{ bottom: `${index * 17 + 12}%` }}
              aria-hidden="true"
            >
              {layer.charAt(0).toUpperCase() + layer.slice(1)}
            </span>
          ))}
        </figure>
      </div>
    </section>
  );
}
