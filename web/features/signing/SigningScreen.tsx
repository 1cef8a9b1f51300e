// The signing screen (issue 41 item 2), one for both kinds of signer: the customer from their
// portal's "Sign" and another signer on /sign/{token}. The document in the app's pdf.js viewer
// with this signer's fields in place, a "Next field" guide, the signature adopted by typing
// (always possible, keyboard alone) or drawing, the consent, Finish, and Decline with a reason.
// Once the signer has acted, or the request has ended, it says so and what happens next.
import { useCallback, useMemo, useState, type ComponentType } from "react";
import { signedDay, type FieldValues } from "@shared/signatures";
import { PdfViewer, usePdfWords } from "../../components/pdf/LazyPdfViewer";
import type { PdfViewerProps } from "../../components/pdf/PdfViewer";
import { ErrorNote } from "../../components/ErrorNote";
import { Button } from "../../components/ui/Button";
import { Checkbox } from "../../components/ui/Checkbox";
import { SegmentedControl } from "../../components/ui/SegmentedControl";
import { TextField } from "../../components/ui/TextField";
import { useT } from "../../lib/i18n/use-t";
import { browserTimeZone } from "../../lib/time-zone";
import { useSignMutation, type SignerSource, type SignerView } from "./api";
import { ConsentLink } from "./ConsentDialog";
import { DeclineDialog } from "./DeclineDialog";
import { faultText, signingErrorText } from "./fault-text";
import { FieldOverlay, fieldElementId, SCRIPT_FONT, type FieldState } from "./FieldOverlay";
import { SignatureDrawPad } from "./SignatureDrawPad";
import { SigningOutcome } from "./SigningOutcome";
import { finishProblem, initialValues, isMissing, myFields, signBody, type Adopted } from "./signing-rules";

const ADOPT_ID = "signing-adopt";

export interface SigningScreenProps {
  source: SignerSource;
  view: SignerView;
  /** The day a date field will show (the seal prints the day it is signed). */
  now?: Date;
  /** What draws the pages: the app's pdf.js viewer (component tests, which have no canvas, pass pages of their own). */
  Viewer?: ComponentType<PdfViewerProps>;
}

export function SigningScreen({ source, view, now = new Date(), Viewer = PdfViewer }: SigningScreenProps) {
  const words = usePdfWords();
  const outcome = view.you.status === "signed" || view.you.status === "declined" || !view.you.canSign;
  return (
    <div className="flex flex-col gap-4">
      <header className="flex flex-col gap-1">
        <h2 className="text-xl font-semibold break-words text-slate-900">{view.name}</h2>
        {view.message ? <p className="text-slate-700">{view.message}</p> : null}
      </header>
      {outcome ? <SigningOutcome view={view} /> : <SigningForm source={source} view={view} now={now} Viewer={Viewer} />}
      {outcome && view.status !== "voided" && view.status !== "declined" ? (
        <Viewer source={view.documentUrl} name={view.name} className="h-[70dvh]" words={words} />
      ) : null}
    </div>
  );
}

function SigningForm({ source, view, now, Viewer }: { source: SignerSource; view: SignerView; now: Date; Viewer: ComponentType<PdfViewerProps> }) {
  const t = useT();
  const words = usePdfWords();
  const signer = view.you.index;
  const mine = useMemo(() => myFields(view.fields, signer), [view.fields, signer]);
  const others = useMemo(() => view.fields.filter((field) => field.signer !== signer), [view.fields, signer]);
  const [values, setValues] = useState<FieldValues>(() => initialValues(mine, view.you.name));
  const [mode, setMode] = useState<Adopted["type"]>("typed");
  const [typed, setTyped] = useState(view.you.name);
  const [drawn, setDrawn] = useState<string | null>(null);
  const [consent, setConsent] = useState(false);
  const [declining, setDeclining] = useState(false);
  const sign = useSignMutation(source);
  const adopted: Adopted = mode === "typed" ? { type: "typed", text: typed } : { type: "drawn", png: drawn };
  const problem = finishProblem({ fields: view.fields, signer, values, adopted, consent });

  const onValue = useCallback((index: number, value: string | boolean) => setValues((current) => ({ ...current, [index]: value })), []);
  const goToAdoption = useCallback(() => {
    const panel = document.getElementById(ADOPT_ID);
    panel?.scrollIntoView({ block: "center" });
    panel?.querySelector<HTMLElement>("input, [role=radio], button")?.focus();
  }, []);
  const state: FieldState = { mine, others, values, adopted, name: view.you.name, today: signedDay(now, browserTimeZone()), editable: true, onValue, onSignature: goToAdoption };

  /** The next field after the one in focus that still needs something, else simply the next one. */
  const nextField = () => {
    const focused = mine.findIndex(({ index }) => document.activeElement?.id === fieldElementId(index));
    const after = [...mine.slice(focused + 1), ...mine.slice(0, focused + 1)];
    const target = after.find((f) => isMissing(f, values, adopted)) ?? after[0];
    if (!target) return;
    const el = document.getElementById(fieldElementId(target.index));
    el?.scrollIntoView({ block: "center" });
    el?.focus();
  };
  const missingCount = mine.filter((f) => isMissing(f, values, adopted)).length;
  // Signed: the outcome at once (the page's own read of the request follows with the same answer).
  if (sign.data) return <SigningOutcome view={sign.data} />;

  return (
    <div className="flex flex-col gap-4 lg:grid lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
      <section aria-label={t("signing.documentAndFields")} className="flex min-w-0 flex-col gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2">
          <p aria-live="polite" className="text-sm text-amber-900">
            {missingCount === 0 ? t("signing.allFilled") : t("signing.fieldsNeedYou", { count: missingCount })}
          </p>
          <Button size="sm" onPress={nextField}>
            {t("signing.nextField")}
          </Button>
        </div>
        <Viewer source={view.documentUrl} name={view.name} className="h-[70dvh]" words={words} pageOverlay={(page) => <FieldOverlay page={page} state={state} />} />
      </section>

      <section aria-label={t("signing.signSection")} className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <div id={ADOPT_ID} className="flex flex-col gap-3">
          <h3 className="font-semibold text-slate-900">{t("signing.yourSignature")}</h3>
          <SegmentedControl
            label={t("signing.howToSign")}
            selectedKey={mode}
            onSelectionChange={setMode}
            options={[
              { id: "typed", label: t("signing.typeOption") },
              { id: "drawn", label: t("signing.drawOption") },
            ]}
            className="self-start"
          />
          {mode === "typed" ? (
            <>
              <TextField label={t("signing.typeYourName")} value={typed} onChange={setTyped} autoComplete="name" />
              <p aria-hidden="true" className="min-h-12 truncate border-b border-slate-400 px-1 text-3xl text-slate-900" style={{ fontFamily: SCRIPT_FONT }}>
                {typed}
              </p>
            </>
          ) : (
            <SignatureDrawPad label={t("signing.drawingArea")} onChange={setDrawn} />
          )}
        </div>
        <div className="flex flex-col gap-1">
          <Checkbox isSelected={consent} onChange={setConsent}>
            {t("signing.consentText")}
          </Checkbox>
          <ConsentLink />
        </div>
        <ErrorNote error={sign.error} text={signingErrorText(t, sign.error)} />
        {problem ? (
          <p className="text-sm text-slate-600" aria-live="polite">
            {faultText(t, problem)}
          </p>
        ) : null}
        <Button isDisabled={problem !== null} isPending={sign.isPending} onPress={() => sign.mutate(signBody({ fields: view.fields, signer, values, adopted }))}>
          {t("signing.finish")}
        </Button>
        <Button variant="secondary" onPress={() => setDeclining(true)}>
          {t("signing.decline")}
        </Button>
      </section>
      {declining ? <DeclineDialog source={source} name={view.name} onClose={() => setDeclining(false)} /> : null}
    </div>
  );
}
