/** One Help Center answer. Paragraphs may hold `code` spans between backticks. */
export interface HelpArticle {
  id: string;
  category: HelpCategory;
  question: string;
  answer: string[];
}

export const helpCategories = [
  'Getting started',
  'Layers and traits',
  'Rarity and rules',
  'Generating',
  'Plans and downloads',
  'Account',
] as const;
export type HelpCategory = (typeof helpCategories)[number];

export const helpArticles: HelpArticle[] = [
  {
    id: 'what-is-layerloom',
    category: 'Getting started',
    question: 'What does Layerloom do?',
    answer: [
      'Layerloom turns layers of artwork into a collection of unique images. You upload traits layer by layer (for example Background, Body, Eyes, Hat), say how rare each one is, and Layerloom combines them into as many unique tokens as you ask for, each with its ERC-721 metadata (and Solana metadata if you want it).',
      'No code is involved: everything happens in the browser, and the same settings with the same seed always give the same collection.',
    ],
  },
  {
    id: 'first-collection',
    category: 'Getting started',
    question: 'How do I make my first collection?',
    answer: [
      'Sign up, confirm your email address with the link we send, and wait for your account to be approved (we review new accounts, usually within a working day).',
      'Then open Generate NFT in the dashboard (or press Upload on the home page), create a project, add your layers bottom first and drop the trait images into each. Check a few previews, choose the collection size and press Generate. Your collection appears under My Collection when it is done.',
    ],
  },
  {
    id: 'file-types',
    category: 'Layers and traits',
    question: 'Which files can I upload as traits?',
    answer: [
      'PNG, JPEG and GIF images. Use PNG with a transparent background for every layer above the background, all at the same width and height (for example 2000 × 2000 pixels), so the layers line up.',
      'Files are checked by their content, not just their name: a renamed or damaged file is refused with its file name. The largest upload depends on your plan (5 MB per image on Free, up to 50 MB on Enterprise).',
    ],
  },
  {
    id: 'layer-order',
    category: 'Layers and traits',
    question: 'How does layer order work?',
    answer: [
      'Layers are drawn in order: the first layer is at the bottom, and each next layer is drawn on top. Drag layers to reorder them. Each layer can also have a blend mode (such as multiply or screen) and an opacity.',
    ],
  },
  {
    id: 'trait-names',
    category: 'Layers and traits',
    question: 'How are trait names and weights read from file names?',
    answer: [
      'A file name becomes the trait name, and an optional `#` suffix sets its weight: `Gold Crown#5.png` is the trait “Gold Crown” with weight 5; `Blue.png` has weight 1. You can rename traits and change weights after uploading.',
    ],
  },
  {
    id: 'hashlips-import',
    category: 'Layers and traits',
    question: 'Can I import a HashLips layers folder?',
    answer: [
      'Yes. Zip your `layers/` folder and import the ZIP into a project (Generate NFT › Advanced › Import HashLips layers ZIP). Each folder becomes a layer; numbered folders such as `01_Background` keep their order, and files named `Name#weight.png` keep their weights. Layers with the same name as existing ones are merged.',
      'The import is all or nothing: if one file is damaged or not an image, nothing is changed and the message names that file.',
    ],
  },
  {
    id: 'rarity-weights',
    category: 'Rarity and rules',
    question: 'How do trait weights and layer rarity work?',
    answer: [
      'A trait’s weight is its relative chance within its layer: with Red#6, Blue#3 and Gold#1, about 60 % of tokens get Red, 30 % Blue and 10 % Gold. Weights do not need to add up to 100.',
      'A layer can also have a chance to appear at all. A Hat layer at 70 % means about 30 % of tokens have no hat, and those tokens simply carry no Hat attribute.',
      'Choose exact counts instead of weights when you need them to the unit: the weights are then read as counts and scaled to your collection size.',
    ],
  },
  {
    id: 'rules',
    category: 'Rarity and rules',
    question: 'How do I stop two traits from appearing together?',
    answer: [
      'Add a rule under Advanced on Generate NFT (it opens by itself once a project has rules). “Crown excludes Beanie” means no token has both; “Laser Eyes requires Robot Body” means Laser Eyes only appear on robots. Rules always hold in the generated collection.',
      'If your rules and collection size leave too few valid combinations, Layerloom tells you the exact number available before generating, instead of trying forever.',
    ],
  },
  {
    id: 'rarity-report',
    category: 'Rarity and rules',
    question: 'How is rarity ranked?',
    answer: [
      'Every collection gets a rarity report: how many tokens have each trait, and a score and rank for each token using the information-content method of OpenRarity (rarer trait combinations score higher). Rank 1 is the rarest token. You can sort and filter tokens by rarity in the collection view.',
    ],
  },
  {
    id: 'previews',
    category: 'Generating',
    question: 'What are previews for?',
    answer: [
      'Previews render sample tokens from your current layers, weights and rules before you generate, so you can spot a trait that does not line up or a combination that looks wrong. Previews are unlimited on every plan.',
    ],
  },
  {
    id: 'generating',
    category: 'Generating',
    question: 'How long does generating take, and can I leave the page?',
    answer: [
      'Generation runs on our servers, so you can close the tab: progress and the time left are shown in My Collection, and you can cancel a running job. A few thousand tokens usually take a few minutes.',
      'Every token is unique, and the same project with the same seed gives exactly the same images and metadata again.',
    ],
  },
  {
    id: 'metadata',
    category: 'Generating',
    question: 'What metadata do I get?',
    answer: [
      'Each token gets an OpenSea-compatible ERC-721 JSON file (`name`, `description`, `image`, `attributes`). A `_metadata.json` file holds all tokens together. Check any file with the Metadata Viewer.',
      'For Solana, choose Solana (Metaplex) or Both under Generate NFT › Advanced › Metadata format and give the symbol, royalties and creators (their shares add up to 100 %). Each token then gets Metaplex JSON too: the collection’s Download menu offers it as a Solana ZIP, the `assets/` folder Sugar (Metaplex’s Candy Machine tool) reads (`0.png`, `0.json` … `collection.json`), and as a Solana metadata CAR for IPFS.',
    ],
  },
  {
    id: 'plans',
    category: 'Plans and downloads',
    question: 'What do the plans include, and why is there a watermark?',
    answer: [
      "Free generates collections of up to 100 assets with a watermark on the images, so you can try everything. Starter ($179, up to 1,000 assets), Pro ($279, up to 5,000) and Enterprise ($379, up to 10,000) are one-time payments, not subscriptions: a plan applies to every collection you generate after buying it. Paid plans have no watermark and accept larger layer images and longer animations; the Pricing section lists each plan's limits. Previews, metadata, animations, the banner collage and every download are in every plan.",
    ],
  },
  {
    id: 'downloads',
    category: 'Plans and downloads',
    question: 'How do I download my collection or put it on IPFS?',
    answer: [
      'From a collection page: download everything as a ZIP (images, metadata, rarity report), a banner collage and a preview GIF.',
      'For IPFS, download the images and metadata as CAR files and upload them to any pinning service that accepts CAR files. Layerloom shows the content ids (CIDs) in advance, and the metadata already points at the images’ CID, so nothing needs editing after upload.',
    ],
  },
  {
    id: 'approval',
    category: 'Account',
    question: 'Why can’t I sign in after signing up?',
    answer: [
      'Two steps come first: confirm your email address with the link we sent (you can ask for a new link from the login page), then wait for an administrator to approve the account. We email you as soon as it is approved, or tell you why it was not.',
    ],
  },
  {
    id: 'password',
    category: 'Account',
    question: 'I forgot my password. What now?',
    answer: [
      'Choose “Forgot password” on the login page and enter your email address. We send a 6-digit code that expires after a short time; enter it, then choose a new password of at least 6 characters. For your safety, all your other sessions are signed out.',
    ],
  },
  {
    id: 'contact',
    category: 'Account',
    question: 'How do I reach a person?',
    answer: [
      'Use the Contact Us page. You get a reference number at once, and we answer by email within two working days.',
    ],
  },
];

/** The articles whose question or answer contains every word of the query (case-insensitive). */
export function searchHelp(articles: readonly HelpArticle[], query: string): HelpArticle[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...articles];
  return articles.filter((article) => {
    const text = `${article.question} ${article.answer.join(' ')} ${article.category}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}
