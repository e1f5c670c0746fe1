// Temporary: replaced by the page's owner this session.
export function UserRequestsPage() {
  return <h1>User Requests</h1>;
}
