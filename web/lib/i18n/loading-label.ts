// The spinner's label while a customer's screen loads ("Loading", "Cargando"): the app's first
// render comes before any catalog, so the server writes the label of the page's language into the
// page (src/features/web/page-language.ts); a switch of language rewrites it (store.ts).
import { LOADING_LABEL_ATTRIBUTE } from "@shared/page-frame";

export const loadingLabel = (): string => document.documentElement.getAttribute(LOADING_LABEL_ATTRIBUTE) ?? "Loading";

export const setLoadingLabel = (label: string) => document.documentElement.setAttribute(LOADING_LABEL_ATTRIBUTE, label);
