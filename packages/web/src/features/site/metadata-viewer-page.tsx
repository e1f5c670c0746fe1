// Temporary: replaced by the page's owner this session.
export function MetadataViewerPage() {
  return <h1>Metadata Viewer</h1>;
}
