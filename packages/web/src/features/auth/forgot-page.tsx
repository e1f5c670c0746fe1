// Temporary: replaced by the page's owner this session.
export function ForgotPage() {
  return <h1>Reset Password</h1>;
}
