// Temporary: replaced by the page's owner this session.
export function ResetPasswordPage() {
  return <h1>Choose New Password</h1>;
}
