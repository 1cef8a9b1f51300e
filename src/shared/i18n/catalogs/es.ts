// Spanish, for customers: usted, the way a bilingual loan officer says it, not word for word.
import type { Catalog } from "../catalog";

const es: Catalog = {
  portal: {
    dashboardTitle: "Panel del cliente",
    loadingDocuments: "Cargando sus documentos...",
    checkingSession: "Verificando su sesión...",
    uploadSuccessful: "Documento enviado",
  },
  languageSwitcher: {
    label: "Idioma",
  },
  signIn: {
    signIn: "Iniciar sesión",
  },
  checks: {},
  emails: {},
};

export default es;
