// The issues area's failures. Validation problems carry GitHub's 422 item directly, since
// its resource/field/code vocabulary is the domain's own here (title, color, content...).
export type IssueValidationCode = 'missing_field' | 'invalid' | 'already_exists' | 'custom';

export type IssuesError =
  | { readonly _tag: 'IssueNotFound' }
  | { readonly _tag: 'IssueCommentNotFound' }
  | { readonly _tag: 'LabelNotFound' }
  | { readonly _tag: 'MilestoneNotFound' }
  | { readonly _tag: 'ReactionNotFound' }
  // GitHub answers 410 Gone on the issues endpoints of a repository with has_issues false.
  | { readonly _tag: 'IssuesDisabled' }
  // A locked conversation takes comments (and reactions) only from triagers and up.
  | { readonly _tag: 'IssueLocked' }
  // Seen but not the caller's to change (someone else's comment or reaction).
  | { readonly _tag: 'IssueChangeForbidden'; readonly resource: 'Issue' | 'IssueComment' | 'Reaction' }
  | { readonly _tag: 'IssueAlreadyExists'; readonly resource: 'Issue' | 'IssueComment' | 'Label' | 'Milestone' }
  | {
      readonly _tag: 'IssueValidationFailed';
      readonly resource: string;
      readonly field: string;
      readonly code: IssueValidationCode;
      readonly message?: string;
    };

export const issueValidation = (resource: string, field: string, code: IssueValidationCode, message?: string): IssuesError => ({
  _tag: 'IssueValidationFailed',
  resource,
  field,
  code,
  ...(message === undefined ? {} : { message }),
});
