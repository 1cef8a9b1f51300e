import { ShieldCheck } from "lucide-react";
import { Logo } from "../../components/Logo";
import { Button } from "../../components/ui/Button";
import { TwoFactorSetupFlow } from "./TwoFactorSetupFlow";
import { useSignOut } from "./use-sign-out";

/** REQUIRE_2FA: the one screen of a broker who has not set up an authenticator yet. */
export function TwoFactorRequiredScreen({ userId, onDone }: { userId: string; onDone: () => void }) {
  const { signOut, isPending } = useSignOut();
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
          <TwoFactorSetupFlow userId={userId} onDone={onDone} />
        </section>
      </main>
    </div>
  );
}
