import { Button } from "../../components/ui/Button";

/** Offered inside a landing dialog: it closes that dialog first, so the sign-up modal is not stacked on top of it. */
export function TryForFreeButton({ close, onTryForFree }: { close: () => void; onTryForFree: () => void }) {
  return (
    <Button
      onPress={() => {
        close();
        onTryForFree();
      }}
    >
      Try for Free
    </Button>
  );
}
