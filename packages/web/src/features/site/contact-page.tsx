// Temporary: replaced by the page's owner this session.
export function ContactPage() {
  return <h1>Contact Us</h1>;
}
