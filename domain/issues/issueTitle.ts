import { left, right, type Either } from 'fp-ts/lib/Either.js';
import { issueValidation, type IssuesError } from './issues.errors.js';

// GitHub refuses a blank title and one longer than 256 characters.
export const MAX_TITLE_LENGTH = 256;

export function validTitle(title: string): Either<IssuesError, string> {
  if (title.trim() === '') return left(issueValidation('Issue', 'title', 'missing_field', "title can't be blank"));
  if ([...title].length > MAX_TITLE_LENGTH)
    return left(issueValidation('Issue', 'title', 'invalid', `title is too long (maximum is ${MAX_TITLE_LENGTH} characters)`));
  return right(title);
}

// GitHub refuses an issue, pull request or comment body over 65,536 characters.
export const MAX_BODY_LENGTH = 65_536;

export function validBody(resource: 'Issue' | 'IssueComment' | 'PullRequest', body: string | null | undefined): Either<IssuesError, void> {
  if (typeof body === 'string' && body.length > MAX_BODY_LENGTH)
    return left(issueValidation(resource, 'body', 'invalid', `body is too long (maximum is ${MAX_BODY_LENGTH} characters)`));
  return right(undefined);
}
