// Temporary: replaced by the page's owner this session.
export function VerifyPage() {
  return <h1>Verify</h1>;
}
