import { Outlet } from "react-router";
import { useCurrentUser } from "../features/auth/api";
import { TwoFactorGate } from "../features/auth/TwoFactorGate";
import { LandingPage } from "../routes/landing";
import { AdminShell } from "./AdminShell";
import { FullPageSpinner } from "./ui/Spinner";

/**
 * Wraps every broker route. Signed-out visitors see the landing page in place
 * (SPEC section 2: no redirect), so after signing in they stay on the URL they asked for.
 */
export function BrokerArea() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <FullPageSpinner label="Checking your session" />;
  if (!user) return <LandingPage />;
  return (
    <TwoFactorGate user={user}>
      <AdminShell user={user}>
        <Outlet />
      </AdminShell>
    </TwoFactorGate>
  );
}
