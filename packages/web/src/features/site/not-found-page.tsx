// Temporary: replaced by the page's owner this session.
export function NotFoundPage() {
  return <h1>Page not found</h1>;
}
