// Temporary: replaced by the page's owner this session.
export function CollectionsPage() {
  return <h1>My Collection</h1>;
}
