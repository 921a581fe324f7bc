// `?as_of=` (forgelog's past states of tokens and project boards): what a value that names no
// instant is told, so a caller learns the form rather than only that it was refused.
export const AS_OF_INVALID = 'as_of must be one ISO 8601 instant, such as 2026-04-01T09:00:00Z';
