/**
 * Says that the editor now shows another member's save (taken live, as nothing was unsaved here): "Eddie
 * Editor saved changes; you are seeing them." Nothing once this editor's own next edit is made.
 */
export function SavedByNote({ by }: { by: string | null }) {
  if (!by) return null;
  return (
    <span className="ll-gen-save" role="status">
      {by} saved changes; you are seeing them.
    </span>
  );
}
