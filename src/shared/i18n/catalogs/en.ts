// English: SPEC.md's words, exactly (tests/api/i18n-catalogs.test.ts compares them). The shape of
// every other catalog (catalog.ts). Sections keep each screen's messages together; `emails` is the
// server's (the messages sent to customers).
const en = {
  portal: {
    dashboardTitle: "Customer Dashboard",
    loadingDocuments: "Loading your documents...",
    checkingSession: "Checking your session...",
    uploadSuccessful: "Upload Successful",
  },
  languageSwitcher: {
    label: "Language",
  },
  signIn: {
    signIn: "Sign In",
  },
  checks: {},
  emails: {},
};

export default en;
