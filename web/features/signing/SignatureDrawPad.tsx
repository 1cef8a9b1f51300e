// A signature drawn with a finger, pen or mouse: signature_pad on a canvas the width of its
// column. Optional: typing is always offered beside it, so keyboard and screen-reader users never
// need it. Reports the drawing as a PNG data URL after each stroke (null once cleared).
import { useEffect, useRef } from "react";
import SignaturePad from "signature_pad";
import { Button } from "../../components/ui/Button";
import { useT } from "../../lib/i18n/use-t";

/** The PNG's pixels per CSS pixel: sharp on dense screens, and far under the server's 3,000 px a side. */
const MAX_RATIO = 2;

export function SignatureDrawPad({ onChange, label }: { onChange: (png: string | null) => void; label: string }) {
  const t = useT();
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const report = useRef(onChange);
  report.current = onChange;

  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const drawing = new SignaturePad(el, { penColor: "#0d1a59", minWidth: 1, maxWidth: 3 });
    pad.current = drawing;
    // The canvas's pixels follow its CSS size; a resize (a phone turned) keeps the strokes.
    const fit = () => {
      const ratio = Math.min(window.devicePixelRatio || 1, MAX_RATIO);
      const strokes = drawing.toData();
      el.width = Math.max(1, Math.floor(el.offsetWidth * ratio));
      el.height = Math.max(1, Math.floor(el.offsetHeight * ratio));
      el.getContext("2d")?.scale(ratio, ratio);
      drawing.clear();
      drawing.fromData(strokes);
    };
    fit();
    const ended = () => report.current(drawing.isEmpty() ? null : drawing.toDataURL("image/png"));
    drawing.addEventListener("endStroke", ended);
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(fit);
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      drawing.removeEventListener("endStroke", ended);
      drawing.off();
    };
  }, []);

  const clear = () => {
    pad.current?.clear();
    report.current(null);
  };

  return (
    <div className="flex flex-col gap-2">
      <canvas
        ref={canvas}
        role="img"
        aria-label={label}
        data-testid="signature-pad"
        // touch-none: a stroke draws instead of scrolling the page.
        className="block h-40 w-full touch-none rounded-lg border-2 border-dashed border-slate-300 bg-white"
      />
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm text-slate-600">{t("signing.drawHint")}</p>
        <Button variant="secondary" size="sm" onPress={clear}>
          {t("signing.clear")}
        </Button>
      </div>
    </div>
  );
}
