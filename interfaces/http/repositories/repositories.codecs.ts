import * as t from 'io-ts';

const nullableString = t.union([t.string, t.null]);
const visibility = t.keyof({ public: null, private: null });

// POST /user/repos and POST /orgs/{org}/repos; GitHub ignores fields it does not know.
export const CreateRepositoryBody = t.intersection([
  t.type({ name: t.string }),
  t.partial({
    description: nullableString,
    homepage: nullableString,
    private: t.boolean,
    visibility,
    has_issues: t.boolean,
    has_projects: t.boolean,
    has_wiki: t.boolean,
    delete_branch_on_merge: t.boolean,
    auto_init: t.boolean,
  }),
]);

// PATCH /repos/{owner}/{repo}
export const EditRepositoryBody = t.partial({
  name: t.string,
  description: nullableString,
  homepage: nullableString,
  private: t.boolean,
  visibility,
  has_issues: t.boolean,
  has_projects: t.boolean,
  has_wiki: t.boolean,
  delete_branch_on_merge: t.boolean,
  default_branch: t.string,
  archived: t.boolean,
});

export const TransferRepositoryBody = t.intersection([t.type({ new_owner: t.string }), t.partial({ new_name: t.string })]);

export const ReplaceTopicsBody = t.type({ names: t.array(t.string) });

export const CreateForkBody = t.partial({ organization: t.string, name: t.string, default_branch_only: t.boolean });

export const CollaboratorPermissionCodec = t.keyof({ pull: null, triage: null, push: null, maintain: null, admin: null });
export const AddCollaboratorBody = t.partial({ permission: CollaboratorPermissionCodec });

// PATCH /repos/{owner}/{repo}/invitations/{id} names roles, not the legacy permission names.
export const InvitationPermissionsCodec = t.keyof({ read: null, triage: null, write: null, maintain: null, admin: null });
export const UpdateInvitationBody = t.partial({ permissions: InvitationPermissionsCodec });

export const SubscriptionBody = t.partial({ subscribed: t.boolean, ignored: t.boolean });
