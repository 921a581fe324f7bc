import * as t from 'io-ts';
import type { Vcs } from '../../../domain/imports/sourceImport.events.js';

// GitHub takes the tools' short names too and answers the full ones (its recorded answers: a
// start with vcs "svn" is a "subversion" import, one with "hg" a "mercurial" one).
const VCS_SPELLINGS: Readonly<Record<string, Vcs>> = {
  git: 'git',
  subversion: 'subversion',
  svn: 'subversion',
  mercurial: 'mercurial',
  hg: 'mercurial',
  tfvc: 'tfvc',
};
const vcs = new t.Type<Vcs, string, unknown>(
  'vcs',
  (input): input is Vcs => typeof input === 'string' && VCS_SPELLINGS[input] === input,
  (input, context) => (typeof input === 'string' && Object.hasOwn(VCS_SPELLINGS, input) ? t.success(VCS_SPELLINGS[input]!) : t.failure(input, context)),
  (value) => value,
);

export const StartImportBody = t.intersection([
  t.type({ vcs_url: t.string }),
  t.partial({ vcs: vcs, vcs_username: t.string, vcs_password: t.string, tfvc_project: t.string }),
]);
export const UpdateImportBody = t.partial({ vcs: vcs, vcs_username: t.string, vcs_password: t.string, tfvc_project: t.string });
export const MapAuthorBody = t.partial({ email: t.string, name: t.string, remote_id: t.string });
export const LfsPreferenceBody = t.type({ use_lfs: t.keyof({ opt_in: null, opt_out: null }) });
