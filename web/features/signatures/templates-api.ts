// Server state of the workspace's signature templates (issue 41 item 1): the list the Request
// signature dialog offers as a source, saving what was placed as a template, deleting one. Under
// the "templates" root with the checklists: both are the workspace's reusable starting points.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Answer } from "@shared/api-routes";
import type { SignatureField } from "@shared/signatures";
import { apiBlob, apiFetch, apiUpload } from "../../api/client";
import { invalidate, type ResourceKey } from "../../api/query-keys";

export type SignatureTemplate = Answer<"GET /api/signature-templates/:id">;

const templatesKey = ["templates", "signature"] as const satisfies ResourceKey;

/** Fetched once the broker picks "Template" as the source, not with every dialog. */
export function useSignatureTemplatesQuery(enabled: boolean) {
  return useQuery({ queryKey: templatesKey, queryFn: ({ signal }) => apiFetch("/api/signature-templates", { signal }), enabled });
}

/** The template's PDF as a File, to draw its pages and place (or move) its fields on them. */
export async function templateFile(template: { pdfUrl: string; fileName: string }): Promise<File> {
  return new File([await apiBlob(template.pdfUrl)], template.fileName, { type: "application/pdf" });
}

/** POST /api/signature-templates: the PDF, its name and the fields as placed. */
export function useSaveSignatureTemplateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { file: File; name: string; fields: SignatureField[] }) => {
      const form = new FormData();
      form.append("name", input.name);
      form.append("fields", JSON.stringify(input.fields));
      form.append("file", input.file, input.file.name);
      return apiUpload("/api/signature-templates", form);
    },
    onSuccess: () => invalidate(queryClient, templatesKey),
  });
}

export function useDeleteSignatureTemplateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api/signature-templates/${id}`, { method: "DELETE" }),
    onSuccess: () => invalidate(queryClient, templatesKey),
  });
}
