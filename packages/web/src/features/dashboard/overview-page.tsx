// Temporary: replaced by the page's owner this session.
export function OverviewPage() {
  return <h1>Dashboard</h1>;
}
