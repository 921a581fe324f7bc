import * as t from 'io-ts';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import type { CardInput } from '../../../application/projects/projectCommands.handler.js';
import { decodeInput } from '../shared/decode.js';
import type { ValidationErrorItem } from '../shared/githubError.js';

const nullableString = t.union([t.string, t.null]);

export const CreateProjectBody = t.intersection([t.type({ name: t.string }), t.partial({ body: nullableString })]);
export const UpdateProjectBody = t.partial({
  name: t.string,
  body: nullableString,
  state: t.keyof({ open: null, closed: null }),
  organization_permission: t.keyof({ read: null, write: null, admin: null, none: null }),
  private: t.boolean,
});
export const ColumnNameBody = t.type({ name: t.string });
export const ColumnMoveBody = t.type({ position: t.string });
export const CardMoveBody = t.intersection([t.type({ position: t.string }), t.partial({ column_id: t.number })]);
const NoteCardBody = t.type({ note: nullableString });
const ContentCardBody = t.type({ content_id: t.number, content_type: t.keyof({ Issue: null, PullRequest: null }) });

// GitHub's oneOf: a note, or content (content_id with content_type), never both (a body matching
// both is refused, not read as either). A body naming content is read as content, so its errors
// are about content, not a missing note.
export function decodeCreateCardBody(body: unknown): Either<ValidationErrorItem[], CardInput> {
  const fields = typeof body === 'object' && body !== null ? body : {};
  const namesContent = 'content_id' in fields || 'content_type' in fields;
  if (namesContent && 'note' in fields)
    return left([{ resource: 'ProjectCard', field: 'note', code: 'invalid', message: 'note cannot be given with content_id and content_type' }]);
  if (!namesContent) {
    const note = decodeInput(NoteCardBody, body, 'ProjectCard');
    return isLeft(note) ? note : right({ note: note.right.note });
  }
  const content = decodeInput(ContentCardBody, body, 'ProjectCard');
  return isLeft(content) ? content : right({ contentId: content.right.content_id, contentType: content.right.content_type });
}
export const UpdateCardBody = t.partial({ note: nullableString, archived: t.boolean });
export const CollaboratorBody = t.partial({ permission: t.keyof({ read: null, write: null, admin: null }) });
