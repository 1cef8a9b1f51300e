import { Mail, Phone } from "lucide-react";
import type { BrokerContactDto } from "@shared/api-types";
import { readableTextOn, telHref } from "@shared/branding";
import { useT } from "../../lib/i18n/use-t";

/**
 * Who to ask: each broker of this portal with a `tel:` link to call them and a `mailto:` to write
 * to them (their contact email, else their sign-in email), under their logo and accent colour.
 */
export function HelpBlock({ brokers }: { brokers: BrokerContactDto[] }) {
  const t = useT();
  return (
    <section aria-labelledby="portal-help" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="portal-help" className="text-lg font-semibold text-slate-900">
        {t("portal.needHelp")}
      </h2>
      <p className="mt-1 text-slate-600">{t("portal.helpText")}</p>
      <ul className="mt-4 flex flex-col gap-4">
        {brokers.map((broker) => (
          <li key={broker.id}>
            <BrokerContact broker={broker} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function BrokerContact({ broker }: { broker: BrokerContactDto }) {
  const t = useT();
  const accent = broker.accentColor ?? null;
  const iconStyle = accent ? { background: accent, color: readableTextOn(accent) } : undefined;
  const iconClass = "flex size-10 shrink-0 items-center justify-center rounded-full " + (accent ? "" : "bg-brand-50 text-brand-600");
  const linkClass =
    "flex min-h-11 items-center gap-3 rounded-lg bg-slate-50 p-3 outline-none hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-500";
  return (
    <div className="flex flex-col gap-3" style={accent ? { borderLeft: `4px solid ${accent}`, paddingLeft: "0.75rem" } : undefined}>
      <div className="flex items-center gap-3">
        {broker.logoUrl ? <img src={broker.logoUrl} alt={t("portal.brokerLogo", { name: broker.company ?? broker.name })} className="max-h-10 max-w-32 object-contain" /> : null}
        <p className="min-w-0">
          <span className="block font-medium break-words text-slate-900">{broker.name}</span>
          {broker.company ? <span className="block text-sm break-words text-slate-600">{broker.company}</span> : null}
        </p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {broker.phone ? (
          <a href={telHref(broker.phone)} className={linkClass}>
            <span aria-hidden="true" className={iconClass} style={iconStyle}>
              <Phone className="size-5" />
            </span>
            <span className="min-w-0">
              <span className="block font-medium text-slate-900">{t("portal.callBroker", { name: broker.name })}</span>
              <span className="block text-sm break-words text-slate-600">{broker.phone}</span>
            </span>
          </a>
        ) : null}
        {broker.email ? (
          <a href={`mailto:${broker.email}`} className={linkClass}>
            <span aria-hidden="true" className={iconClass} style={iconStyle}>
              <Mail className="size-5" />
            </span>
            <span className="min-w-0">
              <span className="block font-medium text-slate-900">{t("portal.emailBroker", { name: broker.name })}</span>
              <span className="block text-sm break-all text-slate-600">{broker.email}</span>
            </span>
          </a>
        ) : (
          <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-600">{t("portal.replyToInvitation", { name: broker.name })}</p>
        )}
      </div>
    </div>
  );
}
