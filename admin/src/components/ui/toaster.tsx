import { createSnackbar } from "@common/snackbar";

/** Snackbar timeout on admin pages (spec §9). */
export const SNACK_MS = 2000;

export const { toaster, snack, Toaster } = createSnackbar(SNACK_MS, "admin-snackbar");
