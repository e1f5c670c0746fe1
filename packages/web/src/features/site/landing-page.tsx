// Temporary: replaced by the page's owner this session.
export function LandingPage() {
  return <h1>No Code NFT Collection Generator</h1>;
}
