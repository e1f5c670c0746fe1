/** A project in the Featured Projects carousel (artwork rendered by scripts/generate-art.ts). */
export interface FeaturedProject {
  id: string;
  title: string;
  detail: string;
  image: string;
}

export const featuredProjects: FeaturedProject[] = [
  {
    id: 'sunset-bots',
    title: 'Sunset Bots',
    detail: '3,333 on Base',
    image: '/art/featured/featured-1.webp',
  },
  {
    id: 'moonlit',
    title: 'Moonlit Ghosts',
    detail: '1,000 on Ethereum',
    image: '/art/featured/featured-2.webp',
  },
  {
    id: 'alley-cats',
    title: 'Alley Cats Club',
    detail: '5,000 on Polygon',
    image: '/art/featured/featured-3.webp',
  },
  {
    id: 'bunny-hop',
    title: 'Bunny Hop',
    detail: '2,222 on Arbitrum',
    image: '/art/featured/featured-4.webp',
  },
  {
    id: 'royal-bears',
    title: 'Royal Bears',
    detail: '777 on Optimism',
    image: '/art/featured/featured-5.webp',
  },
  {
    id: 'party-blobs',
    title: 'Party Blobs',
    detail: '10,000 on Polygon',
    image: '/art/featured/featured-6.webp',
  },
];

/** One testimonial: who said it, for which project, and their illustrated portrait. */
export interface Testimonial {
  id: string;
  name: string;
  role: string;
  text: string;
  avatar: string;
}

export const testimonials: Testimonial[] = [
  {
    id: 'maya',
    name: 'Maya Okafor',
    role: 'Illustrator, Tidepool Spirits',
    text: 'I drew 140 traits in Procreate and exported them as PNGs. Layerloom turned them into 2,500 unique pieces in one evening, and the rarity report matched the weights I had set.',
    avatar: '/art/avatars/avatar-maya.webp',
  },
  {
    id: 'daniel',
    name: 'Daniel Reyes',
    role: 'Creative director, Neon Koi Club',
    text: 'Our samurai helmets kept clipping through the long-hair trait. One “excludes” rule later, every preview was clean and we never had to re-roll a token by hand.',
    avatar: '/art/avatars/avatar-daniel.webp',
  },
  {
    id: 'sora',
    name: 'Sora Lin',
    role: 'Generative artist',
    text: 'I uploaded my old HashLips layers folder as a ZIP and the Name#weight files came in with their weights intact. No scripts, no terminal, no broken node_modules.',
    avatar: '/art/avatars/avatar-sora.webp',
  },
  {
    id: 'amara',
    name: 'Amara Nwosu',
    role: 'Founder, Pixel Parade',
    text: 'We generated 5,000 tokens, checked the rarity ranks, and shared the mint page with our community the same week. Collectors never had to ask us how to mint.',
    avatar: '/art/avatars/avatar-amara.webp',
  },
  {
    id: 'jonas',
    name: 'Jonas Weber',
    role: 'Community lead, Mossy Golems',
    text: 'The IPFS CAR export meant one upload to our pinning service for the whole collection, and the CIDs in the metadata were right the first time.',
    avatar: '/art/avatars/avatar-jonas.webp',
  },
];
