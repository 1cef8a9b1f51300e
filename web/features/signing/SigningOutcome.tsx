// Where a signer stands when there is nothing (more) for them to sign: signed, and what happens
// next (others still to sign, or the sealed copy coming by email); declined; withdrawn by the
// broker; or not their turn yet. Focus moves here when it replaces the form, so a screen reader
// hears the outcome of Finish or Decline.
import { useEffect, useRef } from "react";
import { CircleCheck, CircleSlash, Clock } from "lucide-react";
import { signatureMessages } from "@shared/signatures";
import type { SignerView } from "./api";

interface Outcome {
  tone: "done" | "ended" | "waiting";
  title: string;
  text: string;
}

const names = (list: { name: string }[]) => list.map((s) => s.name).join(", ");

export function outcomeOf(view: SignerView, now: Date): Outcome {
  const { you } = view;
  if (view.status === "voided") return { tone: "ended", title: "Voided", text: signatureMessages.withdrawn };
  if (you.status === "declined") return { tone: "ended", title: "Declined", text: "You declined to sign this document. Your broker has been told, with your reason." };
  if (view.status === "declined") return { tone: "ended", title: "Declined", text: "Another signer declined to sign this document, so it can no longer be signed." };
  if (you.status === "signed") {
    if (view.status === "completed") return { tone: "done", title: "Signed by everyone", text: "Everyone has signed. The sealed copy is on its way to you by email, and you can read it below." };
    const still = view.signers.filter((s) => s.status !== "signed");
    if (still.length === 0) return { tone: "done", title: "Signed", text: "Everyone has signed. The document is being sealed; the signed copy comes to you by email." };
    return { tone: "done", title: "Signed", text: `Thank you, you have signed. Still to sign: ${names(still)}. When everyone has signed, the sealed copy comes to you by email.` };
  }
  if (view.dueDate && new Date(view.dueDate).getTime() < now.getTime()) return { tone: "ended", title: "Past its due date", text: signatureMessages.pastDue };
  if (view.ordered) return { tone: "waiting", title: "Not your turn yet", text: signatureMessages.notYourTurn };
  return { tone: "ended", title: "Cannot be signed", text: "This document cannot be signed now. Ask your broker about it." };
}

const ICONS = { done: CircleCheck, ended: CircleSlash, waiting: Clock };
const LOOKS = { done: "border-green-200 bg-green-50 text-green-900", ended: "border-slate-300 bg-slate-50 text-slate-900", waiting: "border-amber-200 bg-amber-50 text-amber-900" };

export function SigningOutcome({ view }: { view: SignerView }) {
  const outcome = outcomeOf(view, new Date());
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
