import { GHOST_ACCOUNT_ID, GHOST_LOGIN } from '../../domain/accounts/ghost.js';
import type { UserDocument } from './users.readModel.js';

// The ghost as an account document (it is stored nowhere): what GET /users/ghost shows and
// what an embed of a deleted user's id is encoded from. Its profile is GitHub's ghost's; its
// dates are not GitHub's (nobody created it here), a fixed time so answers stay the same.
export const GHOST_ACCOUNT: UserDocument = Object.freeze({
  _id: String(GHOST_ACCOUNT_ID),
  id: GHOST_ACCOUNT_ID,
  login: GHOST_LOGIN,
  login_key: GHOST_LOGIN,
  type: 'User',
  site_admin: false,
  name: 'Deleted user',
  email: null,
  company: null,
  blog: '',
  location: 'Nothing to see here, move along.',
  bio: "Hi, I'm @ghost! I take the place of user accounts that have been deleted.\n:ghost:\n",
  hireable: null,
  twitter_username: null,
  public_repos: 0,
  public_gists: 0,
  followers: 0,
  following: 0,
  created_at: '1970-01-01T00:00:00.000Z',
  updated_at: '1970-01-01T00:00:00.000Z',
} as const);
