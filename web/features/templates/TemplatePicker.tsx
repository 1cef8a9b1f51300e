// The "Start from a template" picker and "Describe the case" that Add New Customer and Request New
// Document render. The panels (templates, ready-made lists, suggestion rules) load in their own
// chunk when a dialog opens, so the dashboard's first download stays within its budget
// (tests/api/bundle-size.test.ts).
import { Suspense } from "react";
import type { TemplatePickerProps } from "./TemplatePickerPanel";
import { lazyRetrying } from "../../lib/lazy-retrying";

// One chunk for both panels: a second lazy chunk regrouped the shared code so that the portal's
// first load grew by about 100 bytes (tests/api/bundle-size.test.ts).
const Panels = lazyRetrying(async () => ({ default: (await import("./TemplatePickerPanel")).ChecklistStarters }));

export function TemplatePicker(props: TemplatePickerProps) {
  return (
    <Suspense fallback={null}>
      <Panels {...props} />
    </Suspense>
  );
}
