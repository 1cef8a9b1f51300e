// Only the reset dialog (a chunk loaded on first use) reads this, so it stays out of the portal's
// first load (150 KB budget): that is why it is not in api.ts.
import { useQuery } from "@tanstack/react-query";
import { ApiError, apiFetch } from "../../api/client";
import type { ResourceKey } from "../../api/query-keys";

/**
 * Whether the emailed reset link still works, asked as the dialog opens: a used or expired link
 * answers 404 with the reason (returned here), so the form is not offered for it.
 */
export function useResetTokenRefusal(token: string): { isChecking: boolean; refusal: ApiError | null } {
  const check = useQuery({
    queryKey: ["portal", "reset-token", token] satisfies ResourceKey,
    queryFn: ({ signal }) => apiFetch(`/api/customer/reset-password/${encodeURIComponent(token)}`, { signal }),
    enabled: token.trim() !== "",
    retry: false,
    gcTime: 0,
  });
  // Only the server's "no such link" hides the form; any other failure leaves it to the reset to say.
  const refusal = check.error instanceof ApiError && check.error.status === 404 ? check.error : null;
  return { isChecking: check.isLoading, refusal };
}
