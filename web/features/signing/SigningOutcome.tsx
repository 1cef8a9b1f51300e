// Where a signer stands when there is nothing (more) for them to sign: signed, and what happens
// next (others still to sign, or the sealed copy coming by email); declined; withdrawn by the
// broker; or not their turn yet. Focus moves here when it replaces the form, so a screen reader
// hears the outcome of Finish or Decline.
import { useEffect, useRef } from "react";
import { CircleCheck, CircleSlash, Clock } from "lucide-react";
import type { Translate } from "../../lib/i18n/store";
import { useLanguage, useT } from "../../lib/i18n/use-t";
import type { SignerView } from "./api";
import { faultText } from "./fault-text";

interface Outcome {
  tone: "done" | "ended" | "waiting";
  title: string;
  text: string;
}

/** "Ana Ruiz and Luis Ruiz" / "Ana Ruiz y Luis Ruiz": the list as the page's language writes one. */
const names = (list: { name: string }[], language: string) => new Intl.ListFormat(language, { type: "conjunction" }).format(list.map((s) => s.name));

export function outcomeOf(view: SignerView, now: Date, t: Translate, language = "en"): Outcome {
  const { you } = view;
  if (view.status === "voided") return { tone: "ended", title: t("signing.voided"), text: faultText(t, { code: "withdrawn" }) };
  if (you.status === "declined") return { tone: "ended", title: t("signing.declined"), text: t("signing.youDeclined") };
  if (view.status === "declined") return { tone: "ended", title: t("signing.declined"), text: t("signing.otherDeclined") };
  if (you.status === "signed") {
    if (view.status === "completed") return { tone: "done", title: t("signing.signedByEveryone"), text: t("signing.sealedComing") };
    const still = view.signers.filter((s) => s.status !== "signed");
    if (still.length === 0) return { tone: "done", title: t("signing.signed"), text: t("signing.beingSealed") };
    return { tone: "done", title: t("signing.signed"), text: t("signing.stillToSign", { names: names(still, language) }) };
  }
  if (view.dueDate && new Date(view.dueDate).getTime() < now.getTime()) return { tone: "ended", title: t("signing.pastDueTitle"), text: faultText(t, { code: "pastDue" }) };
  if (view.ordered) return { tone: "waiting", title: t("signing.notYourTurnTitle"), text: faultText(t, { code: "notYourTurn" }) };
  return { tone: "ended", title: t("signing.cannotSignTitle"), text: t("signing.cannotSignText") };
}

const ICONS = { done: CircleCheck, ended: CircleSlash, waiting: Clock };
const LOOKS = { done: "border-green-200 bg-green-50 text-green-900", ended: "border-slate-300 bg-slate-50 text-slate-900", waiting: "border-amber-200 bg-amber-50 text-amber-900" };

export function SigningOutcome({ view }: { view: SignerView }) {
  const t = useT();
  const { language } = useLanguage();
  const outcome = outcomeOf(view, new Date(), t, language);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [outcome.title]);
  const Icon = ICONS[outcome.tone];
  return (
    <div role="status" className={`flex items-start gap-3 rounded-xl border p-4 ${LOOKS[outcome.tone]}`}>
      <Icon aria-hidden="true" className="mt-0.5 size-6 shrink-0" />
      <div className="flex min-w-0 flex-col gap-1">
        <h3 ref={heading} tabIndex={-1} className="rounded font-semibold outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
          {outcome.title}
        </h3>
        <p>{outcome.text}</p>
      </div>
    </div>
  );
}
