// Temporary: replaced by the page's owner this session.
export function SuccessPage() {
  return <h1>Success!</h1>;
}
