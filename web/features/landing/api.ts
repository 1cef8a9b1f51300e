// What Request a Demo plays (GET /api/demo-video): the operator's video or the shipped walkthrough.
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../api/client";
import type { ResourceKey } from "../../api/query-keys";

export const demoKeys = { video: ["demo", "video"] as const satisfies ResourceKey };

/** Asked for when the dialog first opens; a setting, so kept for the visit (the data cache). */
export function useDemoVideoQuery(enabled: boolean) {
  return useQuery({
    queryKey: demoKeys.video,
    queryFn: ({ signal }) => apiFetch("/api/demo-video", { signal }),
    enabled,
  });
}
