// The workspace's members as the customer screens need them: whom a customer can be assigned to,
// and whether the broker works alone (a solo broker's screens stay exactly as SPEC.md has them).
import { useQuery } from "@tanstack/react-query";
import type { ResourceKey } from "../../api/query-keys";
import { apiFetch, nullOn401 } from "../../api/client";

export const memberKeys = { list: ["workspace", "members"] as const satisfies ResourceKey };

/** GET /api/workspace/members (owners and brokers; an assistant gets 403, so it is not asked for). */
export function useWorkspaceMembersQuery(enabled: boolean) {
  return useQuery({
    queryKey: memberKeys.list,
    queryFn: ({ signal }) => nullOn401(apiFetch("/api/workspace/members", { signal })),
    enabled,
  });
}
