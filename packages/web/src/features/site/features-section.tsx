import {
  ApiOutlined,
  CheckCircleFilled,
  FileImageOutlined,
  LayoutOutlined,
  PercentageOutlined,
} from '../../app/plain-icons.tsx';

const features = [
  {
    title: 'Images and GIFs',
    text: 'Build from PNG, JPEG and GIF layers, and export an animated preview GIF of your collection for teasers.',
    icon: <FileImageOutlined />,
    tint: { background: '#efe9ff', color: '#5b2fd6' },
  },
  {
    title: 'Layer and attribute rarity',
    text: 'Weight every trait and give each layer a chance to appear, then check the rarity report and rank of every token.',
    icon: <PercentageOutlined />,
    tint: { background: '#ffe9e5', color: '#b8412f' },
  },
  {
    title: 'Customizable mint page',
    text: 'Deploy your collection contract and share a public mint page with your own banner, colours and text.',
    icon: <LayoutOutlined />,
    tint: { background: '#dcf7f2', color: '#0f7f71' },
  },
  {
    title: 'SDK',
    text: 'A typed TypeScript SDK calls the same API the app uses, so projects, generation and downloads can be scripted.',
    icon: <ApiOutlined />,
    tint: { background: '#fff4d6', color: '#8a5a00' },
  },
];

const extras = [
  'Rules between traits',
  'HashLips ZIP import',
  'ERC-721 and Solana metadata',
  'ZIP and IPFS CAR downloads',
  'Banner collage',
  'Same seed, same collection',
];

/** Features: the four claims of the spec, each with one true sentence. */
export function FeaturesSection() {
  return (
    <section id="features" className="ll-section ll-features" aria-labelledby="ll-features-title">
      <div className="ll-container">
        <div className="ll-section-head">
          <p className="ll-eyebrow">Features</p>
          <h2 id="ll-features-title">Everything between your layers and a launch</h2>
          <p>The generator, the exports and the launch tools in one place.</p>
        </div>
        <div className="ll-feature-grid">
          {features.map((feature) => (
            <article key={feature.title} className="ll-feature">
              <div className="ll-feature-icon" style={feature.tint} aria-hidden="true">
                {feature.icon}
              </div>
              <h3>{feature.title}</h3>
              <p>{feature.text}</p>
            </article>
          ))}
        </div>
        <ul className="ll-feature-extras" aria-label="Also included">
          {extras.map((extra) => (
            <li key={extra}>
              <CheckCircleFilled aria-hidden="true" />
              {extra}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
