import type { ReactNode } from "react";
import { ShieldCheck } from "lucide-react";
import { Logo } from "../../components/Logo";
import { Button } from "../../components/ui/Button";
import type { AuthUser } from "./api";
import { useTwoFactorStatus } from "./sign-in-options-api";
import { TwoFactorSetupFlow } from "./TwoFactorSetupFlow";
import { useSignOut } from "./use-sign-out";

/**
 * REQUIRE_2FA: a broker without an authenticator sets one up before anything else (the server
 * refuses the rest of the API until then). Without an answer about the status, the broker area
 * shows as usual; the server still decides.
 */
export function TwoFactorGate({ user, children }: { user: AuthUser; children: ReactNode }) {
  const status = useTwoFactorStatus(user.id);
  const { signOut, isPending } = useSignOut();
  if (!status.data?.required || status.data.enabled) return <>{children}</>;
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="flex h-20 items-center justify-between border-b border-slate-200 bg-white px-3 sm:px-6">
        <Logo />
        <Button variant="ghost" size="sm" onPress={signOut} isPending={isPending}>
          Sign out
        </Button>
      </header>
      <main className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-10">
        <h1 className="flex items-center gap-2 text-2xl font-semibold text-slate-900">
          <ShieldCheck aria-hidden="true" className="size-6 text-brand-600" />
          Set up two-factor authentication
        </h1>
        <p className="text-slate-600">This portal requires a code from an authenticator app when you sign in. Set it up to continue.</p>
        <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          <TwoFactorSetupFlow userId={user.id} onDone={() => void status.refetch()} />
        </section>
      </main>
    </div>
  );
}
