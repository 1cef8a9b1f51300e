// Every change of a document's state, one function each, in one place. Each takes the caller's
// open unit of work (inTransaction) and makes the write together with all that follows from it:
// the audit record, the notifications, the email, the live event. Callers (routes' services, the
// portal, the scheduler, expiry) check who may ask and whether the request makes sense, then call
// the transition; no other code writes a document's status. A new state change goes here.
//
//   uploaded                   markUploaded             uploaded.ts
//   approved                   approve                  reviewed.ts
//   re-submit requested        requestResubmit          reviewed.ts
//   due date moved, and back   moveDueDates             due-date.ts
//     to requested
//   overdue                    markOverdue              overdue.ts
//   answered without a file    answerWithoutFile        without-file.ts
//   that answer decided        decideWithoutFileAnswer  without-file.ts
//     (accepted: approved)
//   renewal requested          requestRenewal           renewal.ts
//     (expiry)
//   signature sealed           markSealed               signature.ts
//     (approved, the sealed PDF)
//   signature withdrawn        withdrawSignatureDocument signature.ts
//     (voided or declined: removed)
//
// A document is created requested or shared by the inserts of ../creation.ts; from then on its
// status changes only here.
export { markUploaded, notUploadable } from "./uploaded.ts";
export { approve, requestResubmit } from "./reviewed.ts";
export { moveDueDates } from "./due-date.ts";
export { markOverdue } from "./overdue.ts";
export { answerWithoutFile, decideWithoutFileAnswer, noLongerAwaited } from "./without-file.ts";
export { requestRenewal } from "./renewal.ts";
export { markSealed, withdrawSignatureDocument } from "./signature.ts";
