import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../api/client";

/** The operator's SUPPORT_EMAIL, TERMS_URL, PRIVACY_URL and CONTACT_URL (GET /api/site); they change only with a restart. */
export function useSiteInfo() {
  return useQuery({
    queryKey: ["site"] as const,
    queryFn: ({ signal }) => apiFetch("/api/site", { signal }),
    staleTime: Infinity,
    retry: 1,
  });
}
