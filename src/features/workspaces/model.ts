import { t } from "elysia";
import { WORKSPACE_ROLES, WORKSPACE_VISIBILITIES } from "../../shared/workspaces.ts";
import { MAX_NAME_LENGTH } from "../../shared/validation.ts";
import { LANGUAGE_ERROR } from "../../shared/i18n/which-language.ts";

// No default: Elysia's UnionEnum defaults to its first value and fills it into a body that left
// the field out, so a missing role was "owner" and every settings change (PUT /api/workspace
// {name}) reset visibility to "all" and the default role of claimed-domain sign-ins to "owner".
// Taken out, not set to undefined: a schema with any default makes Elysia fill in the body, and
// then a body that is not an object at all ([], a string, none) passed as {}.
function withoutDefault<Schema extends { default?: unknown }>(schema: Schema): Schema {
  const { default: _filled, ...rest } = schema;
  return rest as Schema;
}
const Role = withoutDefault(t.UnionEnum([...WORKSPACE_ROLES], { error: "role must be owner, broker or assistant" }));
const Visibility = withoutDefault(t.UnionEnum([...WORKSPACE_VISIBILITIES], { error: "visibility must be all or assigned" }));

/** GET /api/workspace: the workspace, and the asker's role in it. */
export const WorkspaceDto = t.Object({
  id: t.String(),
  name: t.String(),
  role: Role,
  visibility: Visibility,
  claimedDomains: t.Array(t.String()),
  defaultRole: Role,
  /** The language new customers get unless the broker picks another ("en", "es"); null: not set (the customer's browser decides, else English). */
  defaultLanguage: t.Nullable(t.String()),
});
export type WorkspaceDto = typeof WorkspaceDto.static;

/** PUT /api/workspace (owner): any of the settings. */
export const UpdateWorkspaceBody = t.Object({
  name: t.Optional(t.String({ maxLength: MAX_NAME_LENGTH, error: `name must be text of at most ${MAX_NAME_LENGTH} characters` })),
  visibility: t.Optional(Visibility),
  claimedDomains: t.Optional(t.Array(t.String({ maxLength: 253 }), { maxItems: 50, error: "claimedDomains must be a list of at most 50 domain names" })),
  defaultRole: t.Optional(Role),
  /** One of LANGUAGES (src/shared/i18n/languages.ts), or null to unset; checked by the service. */
  defaultLanguage: t.Optional(t.Nullable(t.String({ maxLength: 16, error: LANGUAGE_ERROR }))),
});
export type UpdateWorkspaceInput = typeof UpdateWorkspaceBody.static;

export const MemberDto = t.Object({
  id: t.String(),
  email: t.String(),
  firstName: t.Nullable(t.String()),
  lastName: t.Nullable(t.String()),
  role: Role,
});
export type MemberDto = typeof MemberDto.static;
export const MemberList = t.Array(MemberDto);

export const MemberRoleBody = t.Object({ role: Role });

/** DELETE /api/workspace/members/{id}?reassignTo={memberId}: whose their customers become (default: the owner removing them). */
export const RemoveMemberQuery = t.Object({ reassignTo: t.Optional(t.String({ maxLength: 64, error: "reassignTo must be a member's id" })) });
export const MemberRemoved = t.Object({ message: t.String(), moved: t.Number() });

/** POST /api/workspace/invitations (owner). */
export const InvitationBody = t.Object({
  email: t.String({ maxLength: 254, error: "email must be an email address" }),
  role: Role,
});
export const InvitationDto = t.Object({ id: t.String(), email: t.String(), role: Role, expiresAt: t.String() });
export type InvitationDto = typeof InvitationDto.static;
export const InvitationList = t.Array(InvitationDto);

/** An invitation link's token (256 bits, base64url), as in the URL /join/{token}. */
export const JoinTokenParams = t.Object({ token: t.String({ minLength: 1, maxLength: 128, error: "token must be an invitation link's token" }) });
/** GET /api/workspace/join/{token}: who is invited, where, as what. */
export const JoinCheckDto = t.Object({ email: t.String(), workspaceName: t.String(), role: Role });
export type JoinCheckDto = typeof JoinCheckDto.static;
