// On the broker's document row: what the file was read as (issue 42), in one line ("Looks like:
// Paystub, pay date 14 Nov, name matches"), what the customer was told when it did not match,
// and the note they sent it with.
import { ScanSearch, TriangleAlert } from "lucide-react";
import type { DocumentDto } from "@shared/api-types";
import { describeRecognition, needsALook } from "@shared/recognition/describe";

export function RecognitionSummary({ doc, now }: { doc: DocumentDto; now: Date }) {
  const { recognition, customerNote } = doc;
  if (!recognition && !customerNote) return null;
  const flagged = needsALook(doc);
  return (
    <div className={flagged ? "mt-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950" : "mt-2 text-sm text-slate-700"}>
      {recognition ? (
        <p className="flex items-start gap-1">
          {flagged ? <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" /> : <ScanSearch aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />}
          <span>
            {flagged ? <span className="font-medium">Needs a look: </span> : null}
            {describeRecognition(recognition, now)}
          </span>
        </p>
      ) : null}
      {recognition?.messages.length ? (
        <ul aria-label="What the customer was told" className="mt-1 list-inside list-disc">
          {recognition.messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
      {customerNote ? (
        <p className="mt-1">
          <span className="font-medium">Customer's note: </span>
          {customerNote}
        </p>
      ) : null}
    </div>
  );
}
