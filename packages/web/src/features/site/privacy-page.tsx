// Temporary: replaced by the page's owner this session.
export function PrivacyPage() {
  return <h1>Privacy Policy</h1>;
}
