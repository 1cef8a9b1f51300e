// The Templates screen: the broker's own checklist templates (new, edit, duplicate, delete) and
// the ready-made ones, which are read-only and can be duplicated to make one's own version.
import { ClipboardList, Copy, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { describeRules, STANDARD_ACCEPTANCE_RULES } from "@shared/acceptance-rules";
import type { TemplateDto } from "@shared/api-types";
import { errorText } from "../../api/client";
import { Badge } from "../../components/ui/Badge";
import { Button } from "../../components/ui/Button";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { EmptyState } from "../../components/ui/EmptyState";
import { Spinner } from "../../components/ui/Spinner";
import { toast } from "../../components/ui/Toast";
import { useDeleteTemplateMutation, useTemplatesQuery } from "./api";
import { TemplateEditorDialog, type EditorStart } from "./TemplateEditorDialog";

/** A copy's name that does not clash with the broker's own ("Mortgage purchase (copy 2)"). */
function copyName(name: string, taken: readonly TemplateDto[]): string {
  const used = new Set(taken.map((t) => t.name.toLowerCase()));
  for (let n = 1; ; n++) {
    const candidate = `${name} (copy${n === 1 ? "" : ` ${n}`})`;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
}

export function TemplatesPage() {
  const query = useTemplatesQuery();
  const remove = useDeleteTemplateMutation();
  const [editing, setEditing] = useState<EditorStart | null>(null);
  const [deleting, setDeleting] = useState<TemplateDto | null>(null);
  const own = query.data?.own ?? [];

  const duplicate = (template: TemplateDto) => setEditing({ template: { ...template, name: copyName(template.name, own) } });

  return (
    <section className="mx-auto flex max-w-5xl flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">Templates</h1>
          <p className="mt-1 text-slate-600">Checklists to start Add New Customer and Request New Document from, each document with its acceptance rules.</p>
        </div>
        <Button onPress={() => setEditing({})}>
          <Plus aria-hidden="true" className="size-4" /> New template
        </Button>
      </header>

      {query.isLoading ? (
        <Spinner label="Loading templates" className="py-10" />
      ) : query.isError ? (
        <p role="alert" className="text-red-700">
          {errorText(query.error, "Templates could not be loaded. Please try again.")}
        </p>
      ) : (
        <>
          <section aria-labelledby="own-templates" className="flex flex-col gap-3">
            <h2 id="own-templates" className="text-lg font-semibold text-slate-900">
              Your templates
            </h2>
            {own.length === 0 ? (
              <EmptyState title="No templates of your own yet" icon={<ClipboardList />}>
                Create one, or duplicate a ready-made template below and make it yours.
              </EmptyState>
            ) : (
              <ul className="grid gap-3 lg:grid-cols-2">
                {own.map((t) => (
                  <TemplateCard key={t.id} template={t}>
                    <Button variant="secondary" size="sm" onPress={() => setEditing({ id: t.id, template: t })} aria-label={`Edit ${t.name}`}>
                      <Pencil aria-hidden="true" className="size-4" /> Edit
                    </Button>
                    <Button variant="secondary" size="sm" onPress={() => duplicate(t)} aria-label={`Duplicate ${t.name}`}>
                      <Copy aria-hidden="true" className="size-4" /> Duplicate
                    </Button>
                    <Button variant="danger" size="sm" onPress={() => setDeleting(t)} aria-label={`Delete ${t.name}`}>
                      <Trash2 aria-hidden="true" className="size-4" /> Delete
                    </Button>
                  </TemplateCard>
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby="ready-templates" className="flex flex-col gap-3">
            <h2 id="ready-templates" className="text-lg font-semibold text-slate-900">
              Ready-made templates
            </h2>
            <ul className="grid gap-3 lg:grid-cols-2">
              {(query.data?.readyMade ?? []).map((t) => (
                <TemplateCard key={t.id} template={t}>
                  <Button variant="secondary" size="sm" onPress={() => duplicate(t)} aria-label={`Duplicate to edit ${t.name}`}>
                    <Copy aria-hidden="true" className="size-4" /> Duplicate to edit
                  </Button>
                </TemplateCard>
              ))}
            </ul>
          </section>
        </>
      )}

      <TemplateEditorDialog start={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete template"
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        tone="danger"
        isPending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast({ title: "Template deleted", description: `${deleting.name} was deleted. Customers already invited from it keep their documents.`, variant: "success" });
              setDeleting(null);
            },
            onError: (e) => {
              toast({ title: "Error", description: errorText(e, "The template could not be deleted."), variant: "error" });
              setDeleting(null);
            },
          })
        }
      >
        Delete {deleting?.name}? Customers already invited from it keep their documents.
      </ConfirmDialog>
    </section>
  );
}

function TemplateCard({ template, children }: { template: TemplateDto; children: React.ReactNode }) {
  return (
    <li className="flex min-w-0 flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-label={template.name}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-base font-semibold text-slate-900">{template.name}</h3>
        {template.trade ? <Badge tone={template.readyMade ? "brand" : "neutral"}>{template.trade}</Badge> : null}
      </div>
      {template.description ? <p className="text-sm text-slate-600">{template.description}</p> : null}
      <details className="text-sm">
        <summary className="cursor-pointer rounded font-medium text-slate-800 outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
          {template.documents.length} document{template.documents.length === 1 ? "" : "s"}
        </summary>
        <ul className="mt-2 flex flex-col gap-2">
          {template.documents.map((d) => (
            <li key={d.name} className="break-words">
              <span className="font-medium text-slate-900">{d.name}</span>
              {d.description ? <span className="text-slate-600">: {d.description}</span> : null}
              <span className="block text-xs text-slate-500">{describeRules(d.rules ?? STANDARD_ACCEPTANCE_RULES).join(" · ")}</span>
            </li>
          ))}
        </ul>
      </details>
      <div className="flex flex-wrap gap-2">{children}</div>
    </li>
  );
}
