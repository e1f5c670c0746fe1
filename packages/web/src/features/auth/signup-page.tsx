// Temporary: replaced by the page's owner this session.
export function SignupPage() {
  return <h1>Sign up</h1>;
}
