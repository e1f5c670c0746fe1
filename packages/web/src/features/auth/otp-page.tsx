// Temporary: replaced by the page's owner this session.
export function OtpPage() {
  return <h1>Enter OTP</h1>;
}
