import { CircleCheck, Clock, FileUp, PlayCircle, Send, TriangleAlert } from "lucide-react";
import { Button } from "../../components/ui/Button";

interface HeroProps {
  onRequestDocument: () => void;
  onSendDocument: () => void;
  onDemo: () => void;
}

export function Hero({ onRequestDocument, onSendDocument, onDemo }: HeroProps) {
  return (
    <section aria-labelledby="hero-heading" className="bg-gradient-to-b from-brand-50 to-white px-4 pb-8 pt-32 sm:px-6 sm:pb-12">
      <div className="mx-auto grid max-w-6xl items-center gap-12 lg:grid-cols-2">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
            For mortgage, insurance, legal and real estate professionals
          </p>
          <h1 id="hero-heading" className="mt-4 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            Replace emailed paperwork with one secure upload link
          </h1>
          <p className="mt-6 text-lg text-slate-600">
            Ask customers for exactly the documents you need, let them upload from any phone, review,
            approve or request a re-submit, and send them files in return, all in one place. No
            attachments lost in inboxes.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <Button onPress={onRequestDocument}>
              <FileUp aria-hidden="true" className="size-5" />
              Request Document
            </Button>
            <Button variant="secondary" onPress={onSendDocument}>
              <Send aria-hidden="true" className="size-5" />
              Send Document
            </Button>
            <Button variant="ghost" onPress={onDemo}>
              <PlayCircle aria-hidden="true" className="size-5" />
              Request a Demo
            </Button>
          </div>
        </div>
        <HeroPreview />
      </div>
    </section>
  );
}

const previewRows = [
  { name: "Paystub", status: "Approved", icon: CircleCheck, tone: "bg-green-50 text-green-700" },
  { name: "Bank Statement", status: "Under Review", icon: Clock, tone: "bg-blue-50 text-blue-700" },
  { name: "Photo ID", status: "Requested", icon: FileUp, tone: "bg-slate-100 text-slate-700" },
  { name: "Tax Returns", status: "Overdue", icon: TriangleAlert, tone: "bg-red-50 text-red-700" },
] as const;

/** A static picture of a customer's checklist, so visitors see what they get. */
function HeroPreview() {
  return (
    <div aria-hidden="true" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-xl sm:p-6">
      <div className="flex items-center justify-between gap-4">
        <div>
          <p className="font-semibold text-slate-900">Jordan Smith</p>
          <p className="text-sm text-slate-500">Purchase · 2 of 4 received</p>
        </div>
        <span className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-700">50%</span>
      </div>
      <div className="mt-4 h-2 rounded-full bg-slate-100">
        <div className="h-2 w-1/2 rounded-full bg-brand-600" />
      </div>
      <ul className="mt-5 divide-y divide-slate-100">
        {previewRows.map(({ name, status, icon: Icon, tone }) => (
          <li key={name} className="flex items-center justify-between gap-3 py-3">
            <span className="text-slate-800">{name}</span>
            <span className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-sm font-medium ${tone}`}>
              <Icon className="size-4" />
              {status}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
