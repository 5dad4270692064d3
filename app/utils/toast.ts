/** A toast: four kinds, a title, an optional text. Browser-safe. */
export type ToastType = "success" | "error" | "warning" | "info";

export interface Toast {
  id: string;
  type: ToastType;
  title: string;
  description?: string;
}

export const TOAST_DURATION_MS = 5000;
export const TOAST_EXIT_MS = 300;
