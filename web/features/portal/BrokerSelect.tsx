import { useId } from "react";
import { ChevronDown } from "lucide-react";
import { useT } from "../../lib/i18n/use-t";

import { ALL_BROKERS } from "./storage";

/**
 * Which broker's documents to show. A native select on purpose: phones open their own picker,
 * which is the easiest control to use there, and it costs the page no script.
 */
export function BrokerSelect({
  brokers,
  value,
  onChange,
}: {
  brokers: { id: string; name: string }[];
  value: string;
  onChange: (brokerId: string) => void;
}) {
  const t = useT();
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5 sm:w-72">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {t("portal.documentsFrom")}
      </label>
      <div className="relative">
        <select
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className="min-h-11 w-full cursor-pointer appearance-none rounded-lg border border-slate-300 bg-white pr-10 pl-3 text-base text-slate-900 outline-none focus-visible:border-brand-500 focus-visible:ring-2 focus-visible:ring-brand-200"
        >
          <option value={ALL_BROKERS}>{t("portal.allBrokers")}</option>
          {brokers.map((broker) => (
            <option key={broker.id} value={broker.id}>
              {broker.name}
            </option>
          ))}
        </select>
        <ChevronDown aria-hidden="true" className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500" />
      </div>
    </div>
  );
}
