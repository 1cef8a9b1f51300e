import { Suspense } from "react";
import { Outlet } from "react-router";
import { prefetchCurrentUser, useCurrentUser } from "../auth/api";
import { TwoFactorGate } from "../auth/TwoFactorGate";
import { AdminShell } from "./AdminShell";
import { FullPageSpinner } from "../../components/ui/Spinner";
import { lazyRetrying } from "../../lib/lazy-retrying";

// The landing page is fetched only for a signed-out visitor (the same chunk as the route "/"):
// a signed-in broker opening a screen does not download it (issue 14, /dashboard's first load).
const LandingPage = lazyRetrying(async () => ({ default: (await import("../../routes/landing")).LandingPage }));

/** For App's preloadRoute: asks who is signed in from this chunk, which the page has preloaded. */
export const prefetchSession = prefetchCurrentUser;

const checkingSession = <FullPageSpinner label="Checking your session" />;

/**
 * Wraps every broker route. Signed-out visitors see the landing page in place
 * (SPEC section 2: no redirect), so after signing in they stay on the URL they asked for.
 */
export function BrokerArea() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return checkingSession;
  if (!user) {
    return (
      <Suspense fallback={checkingSession}>
        <LandingPage />
      </Suspense>
    );
  }
  return (
    <TwoFactorGate user={user}>
      <AdminShell user={user}>
        <Outlet />
      </AdminShell>
    </TwoFactorGate>
  );
}
