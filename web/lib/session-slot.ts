/**
 * One value kept in sessionStorage, so it survives the sign-in round trip but not the browser tab:
 * stored, checked, and taken (read and forgotten, so it is used once). Only a value `isValid`
 * accepts is given back. Storage can be disabled (private mode): then nothing is kept and the
 * user simply chooses again.
 */
export function sessionSlot<T extends string>(key: string, isValid: (value: unknown) => value is T) {
  return {
    store(value: T): void {
      try {
        sessionStorage.setItem(key, value);
      } catch {
        // Disabled storage: nothing is kept.
      }
    },
    has(): boolean {
      try {
        return isValid(sessionStorage.getItem(key));
      } catch {
        return false;
      }
    },
    take(): T | null {
      try {
        const value = sessionStorage.getItem(key);
        sessionStorage.removeItem(key);
        return isValid(value) ? value : null;
      } catch {
        return null;
      }
    },
  };
}
