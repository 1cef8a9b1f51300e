// Requests to sign that ended unsigned (issue 41, "every state visible"): voided by the broker or
// declined by a signer. Their document is no longer asked for, so it leaves Required Documents;
// this list says what became of it instead of the row vanishing. In the dialogs' chunk, loaded
// only when there is one (the portal's first load has no room to spare).
import type { PortalDto } from "@shared/api-types";
import { Badge } from "../../components/ui/Badge";
import type { Translate } from "../../lib/i18n/store";
import { useT } from "../../lib/i18n/use-t";
import { useFormatDay } from "./dates";

type Withdrawn = NonNullable<PortalDto["withdrawnSignatures"]>[number];

/** What the customer is told: nothing is asked of them any more, and why. */
export function withdrawnText(item: Withdrawn, t: Translate): string {
  if (item.status === "voided") return t("signing.withdrawnVoided");
  return item.declinedBy ? t("signing.withdrawnDeclinedBy", { name: item.declinedBy }) : t("signing.withdrawnDeclined");
}

export function WithdrawnSignatures({ items }: { items: Withdrawn[] }) {
  const t = useT();
  const formatDay = useFormatDay();
  return (
    <section aria-labelledby="portal-withdrawn" className="flex flex-col gap-2">
      <h3 id="portal-withdrawn" className="text-base font-semibold text-slate-900">
        {t("signing.noLongerToSign")}
      </h3>
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {items.map((item) => (
          <li key={item.id} className="flex flex-col gap-1 px-4 py-3">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium break-words text-slate-900">{item.name}</span>
              <Badge tone={item.status === "voided" ? "neutral" : "red"}>{item.status === "voided" ? t("signing.voided") : t("signing.declined")}</Badge>
              {item.at ? <span className="text-sm text-slate-500">{formatDay(item.at)}</span> : null}
            </div>
            <p className="text-sm text-slate-600">{withdrawnText(item, t)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
