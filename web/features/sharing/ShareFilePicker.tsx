import { useState, type DragEvent } from "react";
import { FileText, FileVideo, Image as ImageIcon, Upload, X } from "lucide-react";
import { FileTrigger } from "react-aria-components";
import { formatKilobytes } from "@shared/format";
import { Button } from "../../components/ui/Button";
import { ProgressBar } from "../../components/ui/ProgressBar";
import { cx } from "../../components/ui/cx";
import { SHARE_ACCEPT, SHARE_TYPES_HINT, sizeHint } from "./share-rules";

export interface PickedFile {
  key: string;
  file: File;
}

function FileIcon({ file }: { file: File }) {
  const className = "size-5 shrink-0 text-brand-600";
  if (file.type.startsWith("video/") || /\.(mp4|mov|avi|mkv)$/i.test(file.name)) return <FileVideo aria-hidden="true" className={className} />;
  if (file.type.startsWith("image/") || /\.(png|jpe?g)$/i.test(file.name)) return <ImageIcon aria-hidden="true" className={className} />;
  return <FileText aria-hidden="true" className={className} />;
}

/**
 * Where files come in: a drop area (drag and drop) with a Choose files button (keyboard and
 * touch), the accepted types and the size hint, and the chosen files with their upload progress.
 */
export function ShareFilePicker({
  files,
  maxBytes,
  progress,
  isSending,
  onAdd,
  onRemove,
}: {
  files: readonly PickedFile[];
  maxBytes: number;
  /** Percent per file while sending, else null. */
  progress: readonly number[] | null;
  isSending: boolean;
  onAdd: (files: File[]) => void;
  onRemove: (key: string) => void;
}) {
  const [dragging, setDragging] = useState(false);
  const onDragOver = (event: DragEvent) => {
    if (isSending) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
    setDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!isSending) onAdd([...event.dataTransfer.files]);
  };

  return (
    <section aria-label="Files" className="flex flex-col gap-3">
      <h3 className="text-base font-semibold text-slate-900">Files</h3>
      <div
        data-testid="share-drop-zone"
        onDragOver={onDragOver}
        onDragEnter={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cx(
          "flex flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-6 text-center transition-colors",
          dragging ? "border-brand-500 bg-brand-50" : "border-slate-300 bg-slate-50",
        )}
      >
        <Upload aria-hidden="true" className="size-8 text-slate-400" />
        <p className="text-sm text-slate-700">
          <span className="hidden sm:inline">Drag and drop files here, or</span>
          <span className="sm:hidden">Add files from your device</span>
        </p>
        <FileTrigger acceptedFileTypes={SHARE_ACCEPT} allowsMultiple onSelect={(list) => onAdd(list ? [...list] : [])}>
          <Button variant="secondary" size="sm" isDisabled={isSending}>
            Choose files
          </Button>
        </FileTrigger>
        <p className="text-sm text-slate-600">
          {SHARE_TYPES_HINT} ({sizeHint(maxBytes)})
        </p>
      </div>
      {files.length > 0 ? (
        <ul aria-label="Files to send" className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200">
          {files.map(({ key, file }, index) => (
            <li key={key} className="flex items-center gap-3 px-3 py-2">
              <FileIcon file={file} />
              {progress ? (
                <ProgressBar
                  label={file.name}
                  value={progress[index] ?? 0}
                  valueLabel={`${progress[index] ?? 0}%`}
                  className="min-w-0 flex-1 [&_label]:truncate"
                />
              ) : (
                <>
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium text-slate-900" title={file.name}>
                      {file.name}
                    </p>
                    <p className="text-xs text-slate-500">{formatKilobytes(file.size)}</p>
                  </div>
                  <Button variant="ghost" size="icon" aria-label={`Remove ${file.name}`} onPress={() => onRemove(key)} isDisabled={isSending}>
                    <X aria-hidden="true" className="size-5" />
                  </Button>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
