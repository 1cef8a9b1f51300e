// The "Start from a template" picker that Add New Customer and Request New Document render. The
// panel (templates, ready-made lists, suggestion rules) loads in its own chunk when a dialog
// opens, so the dashboard's first download stays within its budget (tests/api/bundle-size.test.ts).
import { Suspense } from "react";
import type { TemplatePickerProps } from "./TemplatePickerPanel";
import { lazyRetrying } from "../../lib/lazy-retrying";

const Panel = lazyRetrying(async () => ({ default: (await import("./TemplatePickerPanel")).TemplatePickerPanel }));

export function TemplatePicker(props: TemplatePickerProps) {
  return (
    <Suspense fallback={null}>
      <Panel {...props} />
    </Suspense>
  );
}
