// Phone capture: photograph each page of a document, see the pages in order, move or retake or
// remove one, and send them as ONE PDF (built in the browser), so the broker receives one document.
import { useEffect, useRef, useState } from "react";
import { ArrowDown, ArrowUp, Camera, FileText, RefreshCw, Trash2 } from "lucide-react";
import { FileTrigger } from "react-aria-components";
import type { PortalDocumentDto } from "@shared/api-types";
import { Button } from "../../components/ui/Button";
import { ModalDialog } from "../../components/ui/Dialog";
import { ProgressBar } from "../../components/ui/ProgressBar";
import { pagesToPdf, photoToPage, type CapturedPage } from "./capture-pdf";
import { TAKE_PHOTO_ACCEPT } from "./upload-rules";
import { useUploads } from "./use-uploads";
import { dialogFooterClass } from "../../components/ui/DialogActions";
import type { Translate } from "../../lib/i18n/store";
import { useT } from "../../lib/i18n/use-t";
// Its upload may be refused with what recognition saw: said in the page's language (error-text.ts).
import "./recognition-text";

/**
 * Pages photographed for a document, kept until the portal has their PDF: a PDF the server
 * refuses (or a lost connection) must not cost the customer every photo they took. Opening the
 * dialog again brings them back.
 */
const keptPages = new Map<string, CapturedPage[]>();

/** What the request's page limits say about this many pages; null when they are met. */
export function pagesProblem(count: number, rules: PortalDocumentDto["acceptanceRules"], t: Translate): string | null {
  const min = rules?.minPages ?? null;
  const max = rules?.maxPages ?? null;
  if (min !== null && count < min) return t("capture.needMore", { min, more: min - count });
  if (max !== null && count > max) return t("capture.tooMany", { max, extra: count - max });
  return null;
}

export function PhoneCaptureDialog({ document, isOpen, onOpenChange }: { document: PortalDocumentDto; isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  const { start } = useUploads();
  const t = useT();
  // Pages kept for a document that has since been uploaded another way (or no longer takes a
  // file) are let go rather than offered again.
  if (!document.canUpload && keptPages.has(document.id)) {
    keptPages.get(document.id)!.forEach((p) => URL.revokeObjectURL(p.url));
    keptPages.delete(document.id);
  }
  const [pages, setPages] = useState<CapturedPage[]>(() => keptPages.get(document.id) ?? []);
  const limits = pages.length > 0 ? pagesProblem(pages.length, document.acceptanceRules, t) : null;
  const [preparing, setPreparing] = useState(false);
  const [building, setBuilding] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const pagesRef = useRef(pages);
  pagesRef.current = pages;

  // The pages (and their thumbnails' object URLs) outlive the dialog until their PDF is stored.
  useEffect(() => () => void keptPages.set(document.id, pagesRef.current), [document.id]);
  const forget = () => {
    keptPages.get(document.id)?.forEach((p) => URL.revokeObjectURL(p.url));
    keptPages.delete(document.id);
  };

  const prepare = async (files: FileList | null, replace?: string) => {
    if (!files?.length) return;
    setPreparing(true);
    setProblem(null);
    try {
      const made: CapturedPage[] = [];
      for (const file of Array.from(files)) made.push(await photoToPage(file));
      setPages((current) => {
        if (!replace) return [...current, ...made];
        const at = current.findIndex((p) => p.id === replace);
        const old = current[at];
        if (old) URL.revokeObjectURL(old.url);
        return [...current.slice(0, at), made[0]!, ...current.slice(at + 1)];
      });
    } catch {
      setProblem(t("capture.photoUnreadable"));
    } finally {
      setPreparing(false);
    }
  };

  const move = (index: number, by: -1 | 1) =>
    setPages((current) => {
      const next = [...current];
      const [page] = next.splice(index, 1);
      next.splice(index + by, 0, page!);
      return next;
    });
  const remove = (id: string) =>
    setPages((current) => {
      current.find((p) => p.id === id) && URL.revokeObjectURL(current.find((p) => p.id === id)!.url);
      return current.filter((p) => p.id !== id);
    });

  const send = async () => {
    setBuilding(0);
    setProblem(null);
    try {
      const pdf = await pagesToPdf(pages, document.name, setBuilding);
      onOpenChange(false);
      // Kept (the dialog's clean-up has stored them) until the portal has the PDF.
      if (await start(document, pdf)) forget();
    } catch {
      setProblem(t("capture.pdfFailed"));
    } finally {
      setBuilding(null);
    }
  };

  return (
    <ModalDialog title={t("capture.title", { name: document.name })} closeLabel={t("dialogs.close")} isOpen={isOpen} onOpenChange={onOpenChange} isDismissable={false} size="lg">
      <p className="text-sm text-slate-600">{t("capture.intro")}</p>
      {pages.length > 0 ? (
        <ol className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label={t("capture.pages")}>
          {pages.map((page, i) => (
            <li key={page.id} className="flex flex-col gap-2 rounded-lg border border-slate-200 p-2">
              <img src={page.url} alt={t("capture.page", { number: i + 1 })} className="aspect-[3/4] w-full rounded bg-slate-100 object-contain" />
              <p className="text-sm font-medium text-slate-800">{t("capture.page", { number: i + 1 })}</p>
              <div className="flex flex-wrap gap-1">
                <Button size="icon" variant="ghost" aria-label={t("capture.moveUp", { number: i + 1 })} isDisabled={i === 0} onPress={() => move(i, -1)}>
                  <ArrowUp aria-hidden="true" className="size-4" />
                </Button>
                <Button size="icon" variant="ghost" aria-label={t("capture.moveDown", { number: i + 1 })} isDisabled={i === pages.length - 1} onPress={() => move(i, 1)}>
                  <ArrowDown aria-hidden="true" className="size-4" />
                </Button>
                <FileTrigger acceptedFileTypes={TAKE_PHOTO_ACCEPT} defaultCamera="environment" onSelect={(files) => void prepare(files, page.id)}>
                  <Button size="icon" variant="ghost" aria-label={t("capture.retake", { number: i + 1 })}>
                    <RefreshCw aria-hidden="true" className="size-4" />
                  </Button>
                </FileTrigger>
                <Button size="icon" variant="ghost" aria-label={t("capture.remove", { number: i + 1 })} onPress={() => remove(page.id)}>
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              </div>
            </li>
          ))}
        </ol>
      ) : null}
      {preparing ? <p className="mt-3 text-sm text-slate-600" role="status">{t("capture.preparing")}</p> : null}
      {problem ? <p className="mt-3 text-sm text-red-700" role="alert">{problem}</p> : null}
      {limits ? <p className="mt-3 text-sm text-amber-800" role="status">{limits}</p> : null}
      {building !== null ? <ProgressBar className="mt-4" label={t("capture.making")} value={building} valueLabel={`${building}%`} /> : null}
      <div className={dialogFooterClass("mt-6")}>
        <FileTrigger acceptedFileTypes={TAKE_PHOTO_ACCEPT} defaultCamera="environment" allowsMultiple onSelect={(files) => void prepare(files)}>
          <Button variant="secondary" isDisabled={preparing || building !== null}>
            <Camera aria-hidden="true" className="size-4" />
            {t(pages.length ? "capture.addPage" : "capture.firstPage")}
          </Button>
        </FileTrigger>
        <Button onPress={() => void send()} isDisabled={pages.length === 0 || limits !== null || preparing || building !== null}>
          <FileText aria-hidden="true" className="size-4" />
          {t("capture.send", { count: pages.length })}
        </Button>
      </div>
    </ModalDialog>
  );
}
