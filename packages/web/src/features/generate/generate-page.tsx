// Temporary: replaced by the page's owner this session.
export function GeneratePage() {
  return <h1>Generate NFT</h1>;
}
