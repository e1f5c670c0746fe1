// Temporary: replaced by the page's owner this session.
export function HelpCenterPage() {
  return <h1>Help Center</h1>;
}
