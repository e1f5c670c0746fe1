// Temporary: replaced by the page's owner this session.
export function CollectionPage() {
  return <h1>Collection</h1>;
}
