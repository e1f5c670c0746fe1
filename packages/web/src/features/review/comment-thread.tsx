import { COMMENT_MAX_LENGTH, type CommentTarget, type ReviewComment } from '@layerloom/api';
import { Alert, Button, type GetRef, Mentions, Skeleton } from 'antd';
import { useId, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api-error.ts';
import { type CommentResource, useAddComment, useCommentThread, useDeleteComment } from './review-queries.ts';
import './review.css';

/** "27 Nov 2026, 14:05" in the reader's locale. */
function when(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The members still mentioned in the text: picked from the list, and their "@Name" not deleted since. */
export function mentionedIds(text: string, picked: ReadonlyMap<string, string>): string[] {
  return [...picked].filter(([, name]) => text.includes(`@${name}`)).map(([id]) => id);
}

/**
 * The comments on one token or trait, oldest first, and a box to add one: '@' offers the workspace's
 * members, and those mentioned are notified. The author, an Owner or an Admin can delete a comment.
 */
export function CommentThread({
  resource,
  target,
  title,
  titleHidden = false,
}: {
  resource: CommentResource;
  target: CommentTarget;
  /** The heading, e.g. "Comments on #5". */
  title: string;
  /** Keeps the heading for screen readers only, where what holds the thread (a drawer) shows the same title. */
  titleHidden?: boolean;
}) {
  const headingId = useId();
  const boxId = useId();
  const thread = useCommentThread(resource, target);
  const add = useAddComment(resource, target);
  const remove = useDeleteComment(resource);
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<Map<string, string>>(new Map());
  const box = useRef<GetRef<typeof Mentions>>(null);
  const members = thread.data?.members ?? [];
  const comments = thread.data?.comments ?? [];
  const trimmed = text.trim();

  const submit = () => {
    if (!trimmed) return;
    add.mutate(
      { body: trimmed, mentions: mentionedIds(text, picked) },
      {
        onSuccess: () => {
          setText('');
          setPicked(new Map());
          // The Comment button, now disabled for the empty box, would drop the focus: it goes back to the box.
          box.current?.focus();
        },
      },
    );
  };

  return (
    <section className="ll-comments" aria-labelledby={headingId}>
      <h2 id={headingId} className={titleHidden ? 'll-visually-hidden' : 'll-comments-title'}>
        {title}
      </h2>
      {thread.isError ? (
        <Alert
          type="error"
          showIcon
          title="The comments could not be loaded"
          description={errorMessage(thread.error)}
          action={
            <Button size="small" onClick={() => void thread.refetch()}>
              Try again
            </Button>
          }
        />
      ) : !thread.data ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <>
          {comments.length === 0 ? (
            <p className="ll-comments-empty">No comments yet.</p>
          ) : (
            <ol className="ll-comments-list">
              {comments.map((comment) => (
                <CommentItem
                  key={comment.id}
                  comment={comment}
                  deleting={remove.isPending && remove.variables === comment.id}
                  onDelete={() => remove.mutate(comment.id)}
                />
              ))}
            </ol>
          )}
          {remove.isError && (
            <Alert
              type="error"
              showIcon
              title="The comment was not deleted"
              description={errorMessage(remove.error)}
            />
          )}
          <form
            className="ll-comments-form"
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <label htmlFor={boxId} className="ll-comments-label">
              Add a comment (type @ to mention a member; they are notified)
            </label>
            <Mentions
              ref={box}
              id={boxId}
              value={text}
              onChange={setText}
              onSelect={(option) => {
                const member = members.find((candidate) => candidate.name === option.value);
                if (member) setPicked((current) => new Map(current).set(member.userId, member.name));
              }}
              options={members.map((member) => ({
                value: member.name,
                label: member.name,
                key: member.userId,
              }))}
              autoSize={{ minRows: 2, maxRows: 6 }}
              maxLength={COMMENT_MAX_LENGTH}
              status={add.isError ? 'error' : undefined}
            />
            {add.isError && (
              <p className="ll-comments-error" role="alert">
                {errorMessage(add.error)}
              </p>
            )}
            <Button type="primary" htmlType="submit" loading={add.isPending} disabled={!trimmed}>
              Comment
            </Button>
          </form>
        </>
      )}
    </section>
  );
}

function CommentItem({
  comment,
  deleting,
  onDelete,
}: {
  comment: ReviewComment;
  deleting: boolean;
  onDelete: () => void;
}) {
  return (
    <li className="ll-comment">
      <div className="ll-comment-head">
        <strong>{comment.author}</strong>
        <time dateTime={comment.createdAt} className="ll-comment-time">
          {when(comment.createdAt)}
        </time>
        {comment.canDelete && (
          <Button
            size="small"
            type="link"
            danger
            loading={deleting}
            onClick={onDelete}
            aria-label={`Delete the comment of ${comment.author} from ${when(comment.createdAt)}`}
          >
            Delete
          </Button>
        )}
      </div>
      <p className="ll-comment-body">{comment.body}</p>
    </li>
  );
}
