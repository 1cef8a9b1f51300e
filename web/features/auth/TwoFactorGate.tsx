import { Suspense, type ReactNode } from "react";
import { FullPageSpinner } from "../../components/ui/Spinner";
import type { AuthUser } from "./api";
import { useTwoFactorStatus } from "./sign-in-options-api";
import { lazyRetrying } from "../../lib/lazy-retrying";

// Loaded only for a broker who must set up the factor: everyone else never downloads it.
const TwoFactorRequiredScreen = lazyRetrying(async () => ({ default: (await import("./TwoFactorRequiredScreen")).TwoFactorRequiredScreen }));

/**
 * REQUIRE_2FA: a broker without an authenticator sets one up before anything else (the server
 * refuses the rest of the API until then). Without an answer about the status, the broker area
 * shows as usual; the server still decides.
 */
export function TwoFactorGate({ user, children }: { user: AuthUser; children: ReactNode }) {
  const status = useTwoFactorStatus(user.id);
  if (!status.data?.required || status.data.enabled) return <>{children}</>;
  return (
    <Suspense fallback={<FullPageSpinner label="Loading" />}>
      <TwoFactorRequiredScreen userId={user.id} onDone={() => void status.refetch()} />
    </Suspense>
  );
}
