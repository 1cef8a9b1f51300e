// /api/workspace: the signed-in member's workspace, its settings and its members (DESIGN 3b).
import { Elysia } from "elysia";
import { contextSeed, type AppContext } from "../../context.ts";
import { IdParams } from "../../lib/model.ts";
import { access } from "../access/plugin.ts";
import { clientAddress } from "../../lib/http.ts";
import { Message } from "../../lib/model.ts";
import { InvitationBody, InvitationDto, InvitationList, JoinCheckDto, JoinTokenParams, MemberDto, MemberList, MemberRemoved, MemberRoleBody, RemoveMemberQuery, UpdateWorkspaceBody, WorkspaceDto } from "./model.ts";
import { checkInvitation, inviteMember, listInvitations, revokeInvitation } from "./invitations.ts";
import { listMembers, removeMember, setMemberRole, updateWorkspace, workspaceOf, type BrokersById, type RemovalHooks } from "./service.ts";
import { requireRole } from "./permissions.ts";

export const workspaceRoutes = (ctx: AppContext, hooks: RemovalHooks & { brokersById: BrokersById }) =>
  new Elysia({ name: "workspaces", seed: contextSeed(ctx), prefix: "/api/workspace" })
    .use(access(ctx))
    // Public: the invitation page asks who is invited before the form (POST /join is auth's: it creates the account).
    .get("/join/:token", ({ params, request, server }) => checkInvitation(ctx, params.token, clientAddress(ctx, request, server)), { params: JoinTokenParams, response: JoinCheckDto })
    .guard({ broker: true }, (app) =>
      app
        // Owners change, brokers read, assistants get 403 (src/shared/workspaces.ts); any member
        // reads their own workspace id and role from GET /api/auth/user.
        .get("", ({ member }) => {
          requireRole(member, "readWorkspace");
          return workspaceOf(ctx, member);
        }, { response: WorkspaceDto })
        .put("", ({ member, body }) => updateWorkspace(ctx, member, body), { body: UpdateWorkspaceBody, response: WorkspaceDto })
        .get("/members", ({ member }) => {
          requireRole(member, "readWorkspace");
          return listMembers(ctx, member, hooks.brokersById);
        }, { response: MemberList })
        .put("/members/:id", ({ member, params, body }) => setMemberRole(ctx, member, { memberId: params.id, role: body.role }, hooks.brokersById), {
          params: IdParams,
          body: MemberRoleBody,
          response: MemberDto,
        })
        .delete("/members/:id", async ({ member, params, query, request, server }) => {
          const address = clientAddress(ctx, request, server);
          return { message: "Member removed", ...(await removeMember(ctx, member, { memberId: params.id, reassignTo: query.reassignTo, address }, hooks)) };
        }, {
          params: IdParams,
          query: RemoveMemberQuery,
          response: MemberRemoved,
        })
        .post("/invitations", async ({ member, body, status }) => status(201, await inviteMember(ctx, member, body)), { body: InvitationBody, response: { 201: InvitationDto } })
        .get("/invitations", ({ member }) => listInvitations(ctx, member), { response: InvitationList })
        .delete("/invitations/:id", async ({ member, params }) => {
          await revokeInvitation(ctx, member, params.id);
          return { message: "Invitation withdrawn" };
        }, { params: IdParams, response: Message }),
    );
