import { useRef, useState } from "react";
import { Captions, CaptionsOff } from "lucide-react";
import { DEMO_STEPS, SHIPPED_DEMO, type DemoVideoInfo } from "@shared/demo";
import { Button } from "../../components/ui/Button";
import { ModalDialog } from "../../components/ui/Dialog";
import { useDemoVideoQuery } from "./api";
import { TryForFreeButton } from "./TryForFreeButton";
import { dialogFooterClass } from "../../components/ui/DialogActions";

interface DemoDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  isSignedIn: boolean;
  onTryForFree: () => void;
}

/**
 * Request a Demo (SPEC 2): a video of the product. The server says what to play: the operator's
 * DEMO_VIDEO_URL, or the walkthrough shipped with the portal (captions on from the start).
 * Everything is served by the portal itself unless the operator points elsewhere.
 */
export function DemoDialog({ isOpen, onOpenChange, isSignedIn, onTryForFree }: DemoDialogProps) {
  return (
    <ModalDialog title="Product demo" size="lg" isOpen={isOpen} onOpenChange={onOpenChange}>
      {(close) => (
        <>
          <DemoVideo />
          <div className={dialogFooterClass("mt-6", "gap-3")}>
            <Button variant="secondary" onPress={close}>
              Close
            </Button>
            {isSignedIn ? null : <TryForFreeButton close={close} onTryForFree={onTryForFree} />}
          </div>
        </>
      )}
    </ModalDialog>
  );
}

function DemoVideo() {
  const query = useDemoVideoQuery(true);
  // A portal that cannot say (an older server, a hiccup) still has the shipped walkthrough.
  const video: DemoVideoInfo | undefined = query.data ?? (query.isError ? SHIPPED_DEMO : undefined);
  if (!video) {
    return (
      <div className="flex aspect-video w-full items-center justify-center rounded-lg bg-slate-100 text-slate-600" role="status">
        Loading the demo…
      </div>
    );
  }
  return <Player video={video} />;
}

function Player({ video }: { video: DemoVideoInfo }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [captionsOn, setCaptionsOn] = useState(true);
  const shipped = video.captionsUrl === SHIPPED_DEMO.captionsUrl;

  function toggleCaptions() {
    const next = !captionsOn;
    setCaptionsOn(next);
    const track = ref.current?.textTracks?.[0];
    if (track) track.mode = next ? "showing" : "hidden";
  }

  return (
    <div>
      <video
        ref={ref}
        controls
        playsInline
        preload="metadata"
        className="aspect-video w-full rounded-lg bg-slate-900"
        aria-label="Product demo video"
      >
        {video.sources.map((source) => (
          <source key={source.url} src={source.url} {...(source.type ? { type: source.type } : {})} />
        ))}
        {video.captionsUrl ? <track kind="captions" src={video.captionsUrl} srcLang="en" label="English" default /> : null}
        <p>
          Your browser cannot play this video. <a href={video.sources[0]?.url}>Download the demo</a>.
        </p>
      </video>
      {video.captionsUrl ? (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <Button variant="ghost" size="sm" onPress={toggleCaptions} aria-pressed={captionsOn}>
            {captionsOn ? <Captions aria-hidden="true" className="size-5" /> : <CaptionsOff aria-hidden="true" className="size-5" />}
            {captionsOn ? "Captions on" : "Captions off"}
          </Button>
        </div>
      ) : null}
      {shipped ? (
        <details className="mt-3 text-sm text-slate-700">
          <summary className="cursor-pointer font-medium text-slate-900">Read the steps</summary>
          <ol className="mt-2 list-decimal space-y-1 pl-5">
            {DEMO_STEPS.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </details>
      ) : null}
    </div>
  );
}
