// Temporary: replaced by the page's owner this session.
export function SampleCollectionPage() {
  return <h1>Sample collection</h1>;
}
