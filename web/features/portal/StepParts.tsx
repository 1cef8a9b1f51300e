import { UserRound } from "lucide-react";
import { Button } from "../../components/ui/Button";
import { useT } from "../../lib/i18n/use-t";

/** The email the steps after email-check work with, and the way back to change it. */
export function ChosenEmail({ email, onChange }: { email: string; onChange: () => void }) {
  const t = useT();
  return (
    <div className="flex flex-col items-start gap-1">
      <p className="flex w-full min-w-0 items-center gap-2 rounded-lg bg-slate-50 px-3 py-2.5 text-slate-800">
        <UserRound aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
        {/* Whole, wrapped: the customer checks it is the address they meant. */}
        <span className="min-w-0 wrap-anywhere">{email}</span>
      </p>
      {/* The link style needs no side padding; the negative margin keeps its 44 px target aligned. */}
      <Button variant="link" size="sm" onPress={onChange} className="-ml-3">
        {t("signIn.differentEmail")}
      </Button>
    </div>
  );
}

export function GuestButton({ onPress }: { onPress: () => void }) {
  const t = useT();
  return (
    <Button variant="ghost" onPress={onPress} className="w-full">
      {t("signIn.guest")}
    </Button>
  );
}
