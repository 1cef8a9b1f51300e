// The broker's checklist templates: one list (ready-made + own) and the writes on their own.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TemplateInput } from "@shared/api-types";
import { apiFetch } from "../../api/client";
import type { ResourceKey } from "../../api/query-keys";

export const templateKeys = {
  all: ["templates"] as const satisfies ResourceKey,
  list: () => ["templates", "list"] as const satisfies ResourceKey,
};

/** Changes only by this broker's own writes, which refresh it (SPEC 9 gives no time: kept until then). */
export const useTemplatesQuery = () =>
  useQuery({ queryKey: templateKeys.list(), queryFn: ({ signal }) => apiFetch("/api/templates", { signal }), staleTime: Infinity });

/** A write to templates refreshes only the templates (no customer or document changes). */
function useTemplateMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }) });
}

export const useSaveTemplateMutation = () =>
  useTemplateMutation(({ id, ...input }: TemplateInput & { id?: string }) =>
    apiFetch(id ? `/api/templates/${id}` : "/api/templates", { method: id ? "PUT" : "POST", body: input }),
  );

export const useDeleteTemplateMutation = () =>
  useTemplateMutation((id: string) => apiFetch(`/api/templates/${id}`, { method: "DELETE" }));

/** "Suggest documents": a proposed checklist for a case description; nothing is stored, nothing to refresh. */
export const useSuggestChecklistMutation = () =>
  useMutation({ mutationFn: (description: string) => apiFetch("/api/templates/suggest", { method: "POST", body: { description } }) });
