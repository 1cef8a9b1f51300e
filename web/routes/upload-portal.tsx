import { useEffect, useState } from "react";
import { useParams, useSearchParams } from "react-router";
import { ApiError } from "../api/client";
import { usePageTitle } from "../components/use-page-title";
import { usePortalQuery } from "../features/portal/api";
import { PortalScreen } from "../features/portal/PortalScreen";
import { InvalidAccess, PortalError, PortalLoading } from "../features/portal/PortalStates";
import { readStoredSession } from "../features/portal/storage";
import { useT } from "../lib/i18n/use-t";

/** For another signer's page (/sign/{token}), which takes the portal header's switcher from this chunk. */
export { LanguageSwitcher } from "../features/portal/LanguageSwitcher";

/** SPEC 2 "Customer upload portal": reached only through the personal link in an invitation. */
export function UploadPortalRoute() {
  const { uploadLink } = useParams();
  const t = useT();
  usePageTitle(t(uploadLink ? "portal.dashboardTitle" : "portal.invalidAccessTitle"));
  if (!uploadLink) return <InvalidAccess />;
  // A different link is a different customer: start from scratch.
  return <Portal key={uploadLink} link={uploadLink} />;
}

/**
 * ?reset={token} (from the password-reset email): kept in state to open the reset dialog,
 * and removed from the address bar so it is not bookmarked, shared or replayed.
 */
function useResetToken(): string | null {
  const [params, setParams] = useSearchParams();
  const [token, setToken] = useState(() => params.get("reset"));
  const inUrl = params.get("reset");
  useEffect(() => {
    if (inUrl === null) return;
    setToken(inUrl);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("reset");
        return next;
      },
      { replace: true },
    );
  }, [inUrl, setParams]);
  return token;
}

function Portal({ link }: { link: string }) {
  const t = useT();
  const query = usePortalQuery(link);
  const resetToken = useResetToken();
  // Read once: whether this browser was signed in on this link within the last 24 hours.
  const [expectsSession] = useState(() => readStoredSession(link)?.isAuthenticated ?? false);

  // Once loaded, a failed background refetch keeps the page (the next refetch may succeed),
  // except a 404: the link is gone (the broker deleted the customer), so its buttons would only fail.
  const gone = query.error instanceof ApiError && query.error.status === 404;
  if (query.data && !gone) return <PortalScreen link={link} portal={query.data} resetToken={resetToken} />;
  if (query.isError) return <PortalError error={query.error} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />;
  return <PortalLoading text={t(expectsSession ? "portal.checkingSession" : "portal.loadingDocuments")} />;
}
