// Temporary: replaced by the page's owner this session.
export function LoginPage() {
  return <h1>Login</h1>;
}
