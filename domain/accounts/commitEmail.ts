// The address a commit that forgelog writes for an account carries (a contents write, a merge,
// auto_init's README, Git Data's default author): the email the account shows on its profile,
// or else GitHub's no-reply form, ID+LOGIN@users.noreply.<host>. A commit is read by whoever
// reads the repository (its API, `git log`, every clone, for good), so an address the account
// keeps private (one an administrator gave it) must never go into one.
export const NO_REPLY_HOST = 'users.noreply.forgelog.local';

export interface CommitAccount {
  readonly id: number;
  readonly login: string;
  readonly email: string | null;
  readonly email_public?: boolean;
}

export function commitEmailOf(account: CommitAccount): string {
  return account.email_public === true && account.email !== null ? account.email : `${account.id}+${account.login}@${NO_REPLY_HOST}`;
}

const NO_REPLY = /^(\d+)\+[^@\s]+@users\.noreply\.forgelog\.local$/i;

// The account a no-reply address names, by the id it starts with (a later rename of the login
// does not matter, as on GitHub); null for any other address.
export function noReplyAccountId(email: string): number | null {
  const match = NO_REPLY.exec(email);
  return match ? Number(match[1]) : null;
}
