// Temporary: replaced by the page's owner this session.
export function AffiliatePage() {
  return <h1>Affiliate Program</h1>;
}
