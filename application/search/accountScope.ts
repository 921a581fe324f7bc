import type { UserDocument } from '../accounts/users.readModel.js';
import type { SearchFilter } from '../shared/ports/searchIndex.port.js';
import type { QualifierTerm } from './searchEndpoint.js';

// The qualifiers that name accounts themselves on user search.
export const ACCOUNT_SCOPE_QUALIFIERS: readonly string[] = ['user', 'org'];

// GitHub's user search: `user:octocat` matches the account with that login, `org:electron` the
// organization. As user:, org: and repo: on the other endpoints, several name any of them and
// a negated one leaves its account out. A login no account has (or org: naming a user)
// matches nothing: ids are positive.
export async function accountScopeFilter(
  terms: readonly QualifierTerm[],
  accountByLogin: (login: string) => Promise<UserDocument | null>,
): Promise<SearchFilter | null> {
  const idOf = async (term: QualifierTerm): Promise<SearchFilter> => {
    const account = term.value.kind === 'value' ? await accountByLogin(term.value.text) : null;
    const named = account !== null && (term.key !== 'org' || account.type === 'Organization');
    return { field: 'id', op: '=', value: named ? account.id : -1 };
  };
  const parts: SearchFilter[] = [];
  const anyOf: SearchFilter[] = [];
  for (const term of terms) {
    if (term.negated) parts.push({ not: await idOf(term) });
    else anyOf.push(await idOf(term));
  }
  if (anyOf.length > 0) parts.unshift(anyOf.length === 1 ? anyOf[0]! : { or: anyOf });
  if (parts.length === 0) return null;
  return parts.length === 1 ? parts[0]! : { and: parts };
}
