// Temporary: replaced by the page's owner this session.
export function TokenPage() {
  return <h1>Token</h1>;
}
