// The "Start from a template" picker and "Describe the case" that Add New Customer and Request New
// Document render. The panels (templates, ready-made lists, suggestion rules) load in their own
// chunk when a dialog opens, so the dashboard's first download stays within its budget
// (tests/api/bundle-size.test.ts).
import { Suspense } from "react";
import type { TemplatePickerProps } from "./TemplatePickerPanel";
import { lazyRetrying } from "../../lib/lazy-retrying";

const Panel = lazyRetrying(async () => ({ default: (await import("./TemplatePickerPanel")).TemplatePickerPanel }));
const CasePanel = lazyRetrying(async () => ({ default: (await import("./CaseSuggestPanel")).CaseSuggestPanel }));

export function TemplatePicker(props: TemplatePickerProps) {
  return (
    <Suspense fallback={null}>
      <Panel {...props} />
      <CasePanel checklist={props.checklist} />
    </Suspense>
  );
}
