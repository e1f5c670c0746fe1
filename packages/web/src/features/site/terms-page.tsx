// Temporary: replaced by the page's owner this session.
export function TermsPage() {
  return <h1>Terms of Service</h1>;
}
