// A form refused on submit marks what is wrong (aria-invalid, each error described by its field).
// Someone on a keyboard or a screen reader is still on the submit button, the error out of sight
// and unheard: focus goes to the first field marked invalid, which reads its error with it.
// Installed once for every form of the app (main.tsx): forms only mark their fields.

const INVALID = '[aria-invalid="true"]';

/** After each submit, once React has drawn its answer: the form's first invalid field gets focus. */
export function focusInvalidFieldOnSubmit(root: Document = document): () => void {
  const onSubmit = (event: Event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    // A task later: React has drawn the form's answer (its updates from the event run before).
    setTimeout(() => {
      // Gone (the dialog closed), or focus already on a field to fix: nothing to do.
      if (!form.isConnected || root.activeElement?.matches(INVALID)) return;
      form.querySelector<HTMLElement>(INVALID)?.focus();
    }, 0);
  };
  root.addEventListener("submit", onSubmit);
  return () => root.removeEventListener("submit", onSubmit);
}
