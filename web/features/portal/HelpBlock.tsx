import { Mail, Phone } from "lucide-react";
import { brokerNames } from "./names";

/**
 * Who to ask. The portal has no broker phone numbers or addresses to show, so it names the
 * broker and points to the invitation email (which came from them) instead of inventing contacts.
 */
export function HelpBlock({ brokers }: { brokers: { name: string }[] }) {
  const names = brokerNames(brokers);
  return (
    <section aria-labelledby="portal-help" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="portal-help" className="text-lg font-semibold text-slate-900">
        Need help?
      </h2>
      <p className="mt-1 text-slate-600">Questions about a document, or something you cannot provide? Contact your broker.</p>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        <li className="flex items-start gap-3 rounded-lg bg-slate-50 p-3">
          <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600">
            <Phone className="size-5" />
          </span>
          <span>
            <span className="block font-medium text-slate-900">Call your broker</span>
            <span className="block text-sm text-slate-600">{names} can talk you through what is needed.</span>
          </span>
        </li>
        <li className="flex items-start gap-3 rounded-lg bg-slate-50 p-3">
          <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600">
            <Mail className="size-5" />
          </span>
          <span>
            <span className="block font-medium text-slate-900">Email your broker</span>
            <span className="block text-sm text-slate-600">Reply to the invitation email you received from {names}.</span>
          </span>
        </li>
      </ul>
    </section>
  );
}
