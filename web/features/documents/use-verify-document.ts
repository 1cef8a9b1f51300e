import type { VerifyDocumentInput } from "@shared/api-types";
import { toast } from "../../components/ui/Toast";
import { useVerifyDocumentMutation } from "./api";

const VERIFIED_TOAST = {
  title: "Document verified",
  description: "Document verification status has been updated successfully.",
  variant: "success",
} as const;
const VERIFY_FAILED_TOAST = { title: "Failed to verify document. Please try again.", variant: "error" } as const;

/** Approving and asking for a re-submit end alike: one toast says how it went, and success closes the dialog. */
export function useVerifyDocument(onVerified: () => void) {
  const mutation = useVerifyDocumentMutation();
  return {
    isPending: mutation.isPending,
    verify(input: VerifyDocumentInput & { documentId: string }) {
      mutation.mutate(input, {
        onSuccess: () => {
          toast(VERIFIED_TOAST);
          onVerified();
        },
        onError: () => toast(VERIFY_FAILED_TOAST),
      });
    },
  };
}
