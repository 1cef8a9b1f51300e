import { useNavigate } from "react-router";
import { useSignOutMutation } from "./api";
import { toast } from "../../components/ui/Toast";
import { CONNECTION_LOST, errorText } from "../../api/client";

/** Signs out, says so, and returns to the landing page. */
export function useSignOut() {
  const mutation = useSignOutMutation();
  const navigate = useNavigate();
  const signOut = () =>
    mutation.mutate(undefined, {
      onSuccess: () => {
        toast({ title: "Logged out successfully", variant: "success" });
        navigate("/");
      },
      onError: (error) => toast({ title: "Sign out failed", description: errorText(error, CONNECTION_LOST), variant: "error" }),
    });
  return { signOut, isPending: mutation.isPending };
}
