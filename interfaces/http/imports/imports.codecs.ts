import * as t from 'io-ts';

const vcs = t.keyof({ git: null, subversion: null, mercurial: null, tfvc: null });

export const StartImportBody = t.intersection([
  t.type({ vcs_url: t.string }),
  t.partial({ vcs: vcs, vcs_username: t.string, vcs_password: t.string, tfvc_project: t.string }),
]);
export const UpdateImportBody = t.partial({ vcs: vcs, vcs_username: t.string, vcs_password: t.string, tfvc_project: t.string });
export const MapAuthorBody = t.partial({ email: t.string, name: t.string, remote_id: t.string });
export const LfsPreferenceBody = t.type({ use_lfs: t.keyof({ opt_in: null, opt_out: null }) });
